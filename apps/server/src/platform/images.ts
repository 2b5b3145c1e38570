import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createIPX, createIPXNodeServer, ipxFSStorage } from 'ipx';

/** Files of the web app's public folder, where content images live. */
const publicDirectory = fileURLToPath(new URL('../../../web/public', import.meta.url));

/**
 * The image optimiser (spec §7): `/_ipx/<modifiers>/<path>` resizes and converts the images under
 * apps/web/public with sharp — modifiers for format (`f_webp`), width (`w_640`), height (`h_320`),
 * quality (`q_75`), fit (`fit_cover`) and background (`b_15121f`), e.g. `/_ipx/w_640,f_webp/images/x.png`.
 */
export async function imagesPlugin(app: FastifyInstance): Promise<void> {
  const ipx = createIPX({
    storage: ipxFSStorage({ dir: publicDirectory, maxAge: 60 * 60 * 24 * 30 }),
    maxAge: 60 * 60 * 24 * 30,
  });
  const handle = createIPXNodeServer(ipx);
  app.get('/_ipx/*', (request, reply) => {
    reply.hijack();
    request.raw.url = request.raw.url?.slice('/_ipx'.length) ?? '/';
    handle(request.raw, reply.raw);
  });
}
