/**
 * Writes .br and .gz files next to the built client assets, so the server sends them compressed
 * without spending CPU on every request (served through @fastify/static's preCompressed option).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const client = fileURLToPath(new URL('../build/client', import.meta.url));
const compressible = /\.(js|css|svg|json|webmanifest|html|txt|xml)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

let files = 0;
for (const entry of await readdir(client, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await readFile(file);
  if (body.length < 1024) continue;
  await writeFile(`${file}.br`, await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} files in build/client`);
