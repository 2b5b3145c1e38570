import { studioRoutes } from '@chrysos/games/server';
import { WalletClient, type WalletTransport } from '@chrysos/games/wallet-client';
import type { FastifyInstance } from 'fastify';
import { houseStudio } from '../../platform/config.ts';
import { defineStudioJobs } from './jobs.ts';

/**
 * Mounts the in-house studio's game API (/games-api/*) in this process. The studio still pays and
 * collects only through the signed wallet protocol, delivered in-process instead of over the network.
 */
export async function studioPlugin(app: FastifyInstance): Promise<void> {
  const secret = app.config.WALLET_STUDIOS[houseStudio];
  if (!secret) throw new Error(`WALLET_STUDIOS has no secret for ${houseStudio}`);
  const transport: WalletTransport = async (path, body, headers) => {
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { status: response.statusCode, body: response.body };
  };
  await app.register(studioRoutes, {
    db: app.database.db,
    migrate: (migrations) => app.database.migrate(migrations),
    wallet: new WalletClient({ transport, studio: houseStudio, secret }),
    subunitsOf: async (currency) => (await app.referenceData.currency(currency))?.subunits_to_unit,
    recovery: {
      idleMs: app.config.STUDIO_RECOVERY_SECONDS * 1000,
      // A blackjack hand left alone for an hour stands, as at a real table.
      abandonMs: 60 * 60 * 1000,
      // At start and every STUDIO_RECOVERY_SECONDS, once across the instances.
      schedule: (recover) => defineStudioJobs(app, recover, app.config.STUDIO_RECOVERY_SECONDS),
    },
  });
}
