import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { buildTestApp } from './build-test-app.ts';
import type { TestPlayer } from './factories.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * A photo of a document uploaded by the player as their browser sends it (multipart/form-data, one
 * JPEG) to POST /api/player/documents; its id. Refuses loudly when the upload is not taken.
 */
export async function uploadDocument(app: TestApp, player: Pick<TestPlayer, 'cookie'>, kind: string) {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36a' } })
    .jpeg()
    .toBuffer();
  const boundary = `----chrysos${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${kind}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/player/documents',
    headers: { cookie: player.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (answer.statusCode !== 201)
    throw new Error(`the upload was refused: ${answer.statusCode} ${answer.body}`);
  return (answer.json() as { id: string }).id;
}
