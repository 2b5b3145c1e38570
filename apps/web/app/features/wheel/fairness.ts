/*
 * The wheel's draw recomputed in the browser, with nothing from the casino but the seeds: the same
 * steps as the server's (apps/server/src/modules/wheel/draw.ts), by the Web Crypto API.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the server seed's text, hex: what the wheel showed before the spin. */
export async function seedHashOf(serverSeed: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', utf8(serverSeed)));
}

/**
 * HMAC-SHA256 keyed by the server seed over `<client seed>:<nonce>:wheel`; its first four bytes as an
 * unsigned big-endian number, scaled to the number of sectors: the sector, counted from 0.
 */
export async function sectorOf(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  sectorCount: number,
): Promise<number> {
  const key = await crypto.subtle.importKey(
    'raw',
    utf8(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, utf8(`${clientSeed}:${nonce}:wheel`));
  return Math.floor((new DataView(mac).getUint32(0) / 2 ** 32) * sectorCount);
}
