import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify route on the same machine and Node, answering a small JSON body.
 * It shows what the framework alone costs, so product figures can be read as a ratio.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
