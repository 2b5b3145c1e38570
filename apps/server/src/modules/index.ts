import type { FastifyInstance } from 'fastify';
import affiliates from './affiliates/index.ts';
import analytics from './analytics/index.ts';
import auth from './auth/index.ts';
import bonuses from './bonuses/index.ts';
import cashier from './cashier/index.ts';
import compliance from './compliance/index.ts';
import content from './content/index.ts';
import experiments from './experiments/index.ts';
import games, { type GamesOptions } from './games/index.ts';
import info from './info/index.ts';
import jackpot from './jackpot/index.ts';
import lottery from './lottery/index.ts';
import loyalty from './loyalty/index.ts';
import mail from './mail/index.ts';
import notifications from './notifications/index.ts';
import operators from './operators/index.ts';
import player from './player/index.ts';
import realtime from './realtime/index.ts';
import risk from './risk/index.ts';
import support from './support/index.ts';
import tournaments from './tournaments/index.ts';
import wallet from './wallet/index.ts';
import wheel from './wheel/index.ts';
import winners from './winners/index.ts';

export interface ModuleOptions {
  games?: GamesOptions;
}

/**
 * The capabilities, in the order they are registered: a module comes after those it depends on
 * (each plugin names its dependencies, so a wrong order fails at start-up).
 */
export async function registerModules(app: FastifyInstance, options: ModuleOptions = {}): Promise<void> {
  await app.register(info);
  await app.register(mail);
  await app.register(operators);
  await app.register(wallet);
  await app.register(games, options.games ?? {});
  await app.register(analytics);
  await app.register(experiments);
  await app.register(content);
  await app.register(realtime);
  await app.register(auth);
  await app.register(support);
  await app.register(cashier);
  await app.register(compliance);
  await app.register(player);
  await app.register(notifications);
  await app.register(bonuses);
  await app.register(winners);
  await app.register(jackpot);
  await app.register(tournaments);
  await app.register(wheel);
  await app.register(loyalty);
  await app.register(lottery);
  await app.register(affiliates);
  await app.register(risk);
}
