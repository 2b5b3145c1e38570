import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Wallet } from './wallet.ts';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: Wallet;
  }
}

async function walletPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('wallet', new Wallet(app.database.db));
}

export default fp(walletPlugin, { name: 'wallet', dependencies: ['database'] });
