import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service stand-in (RFC 8030) for tests: a real HTTP server on this machine that plays the
 * browser vendor's push service and the browser behind it. It hands out subscriptions with fresh
 * P-256 keys and auth secrets, checks each push's VAPID authorization (RFC 8292: an ES256 JWT whose
 * `aud` is this origin and whose `exp` is in the next 24 hours, signed by the key in `k`), and decrypts
 * the aes128gcm payload with the subscription's private key (RFC 8291, RFC 8188), as a browser would.
 */
export interface ReceivedPush {
  subscription: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The VAPID public key the push was signed with (`k`). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
  urgency: string | undefined;
}

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

function verifyVapid(
  header: string | undefined,
  origin: string,
): { key: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token = '', key = ''] = match;
  const [head = '', body = '', signature = ''] = token.split('.');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg: string; typ: string };
  if (header_.alg !== 'ES256') throw new Error(`JWT algorithm ${header_.alg}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60))
    throw new Error(`JWT exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`JWT sub ${claims.sub}`);
  return { key, claims };
}

/** RFC 8291 §3.4 and RFC 8188: the user agent's side of aes128gcm. */
function decrypt(body: Buffer, userAgent: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const shared = userAgent.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    userAgent.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, userAgent.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record lacks its 0x02 delimiter');
  return padded.subarray(0, end);
}

const read = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startPushService() {
  const userAgents = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  /** Status to answer per subscription instead of 201 (e.g. 410 once the browser unsubscribed), and how many times. */
  const answers = new Map<string, { status: number; times: number }>();
  /** Pushes that reached each subscription's endpoint, whatever was answered. */
  const attempts = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  let origin = '';

  const server: Server = createServer(async (request, response) => {
    const id = /^\/push\/([0-9a-f-]{36})$/.exec(request.url ?? '')?.[1];
    const userAgent = id ? userAgents.get(id) : undefined;
    const body = await read(request);
    if (request.method !== 'POST' || !id || !userAgent) {
      response.writeHead(404).end();
      return;
    }
    try {
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        throw new Error(`content-encoding ${request.headers['content-encoding']}`);
      }
      const { key, claims } = verifyVapid(request.headers.authorization, origin);
      attempts.set(id, (attempts.get(id) ?? 0) + 1);
      const answer = answers.get(id);
      if (answer && answer.times > 0) {
        answer.times--;
        response.writeHead(answer.status).end();
        return;
      }
      received.push({
        subscription: id,
        payload: JSON.parse(decrypt(body, userAgent).toString('utf8')),
        vapidKey: key,
        claims,
        ttl: Number(request.headers.ttl),
        urgency: request.headers.urgency as string | undefined,
      });
      response.writeHead(201, { location: `/messages/${randomUUID()}` }).end();
    } catch (error) {
      problems.push((error as Error).message);
      response.writeHead(400).end((error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** Pushes refused for a bad authorization or payload, with the reason. */
    problems,
    /** A new browser subscription, as PushSubscription.toJSON() gives it. */
    subscribe(): StandInSubscription {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      userAgents.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
      };
    },
    idOf: (subscription: Pick<StandInSubscription, 'endpoint'>) =>
      subscription.endpoint.split('/').at(-1) ?? '',
    /** Answers `status` to the next `times` pushes to this subscription (every one by default). */
    answer(subscription: StandInSubscription, status: number, times = Number.POSITIVE_INFINITY) {
      answers.set(subscription.endpoint.split('/').at(-1) ?? '', { status, times });
    },
    attemptsAt: (subscription: Pick<StandInSubscription, 'endpoint'>) =>
      attempts.get(subscription.endpoint.split('/').at(-1) ?? '') ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushService>>;
