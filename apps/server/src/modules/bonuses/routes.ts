import { bonusesApi, freespinsApi, lootboxesApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { Locale } from '@chrysos/rules';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, languageOf as languageOfHeader } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { refusalLimitOf } from '../../platform/rate-limit.ts';
import { requirePlayerNotExcluded } from '../compliance/public.ts';
import { activeCurrency, type Wallet } from '../wallet/public.ts';
import { activateBonus, lostRunningRace } from './activate-bonus.ts';
import { cancelBonus, cancelFreespins } from './cancel.ts';
import { depositOffers } from './deposit-offers.ts';
import { playerFacts } from './eligibility.ts';
import { openLootbox } from './open-lootbox.ts';
import { playFreespins } from './play-freespins.ts';
import { listBonuses, listFreespins, listLootboxes } from './read.ts';
import { redeemCoupon } from './redeem-coupon.ts';

/** The language of a request's answer (Accept-Language). */
export const languageOf = (request: FastifyRequest): Locale =>
  languageOfHeader(request.headers['accept-language']);

/** Spec §7 Bonuses, Freespins, Lootboxes and the cashier's deposit offers (@chrysos/contract bonusesApi …). */
export function bonusRoutes(deps: {
  wallet: Wallet;
  events: Pick<EventBus, 'publish'>;
  licence: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;
    const couponGuesses = refusalLimitOf(app, 'couponGuess');

    app.route({
      ...routeOf(bonusesApi.list),
      handler: async (request) => listBonuses(db, await requirePlayer(request), languageOf(request)),
    });

    app.route({
      ...routeOf(bonusesApi.activate),
      handler: async (request) => {
        const playerId = await requirePlayerNotExcluded(request);
        try {
          await db.transaction((tx) => activateBonus(tx, deps, playerId, request.params.id, app.clock.now()));
        } catch (error) {
          if (!lostRunningRace(error)) throw error;
          throw new AppError('bonuses.another_active', { params: { currency: '' } });
        }
        const [bonus] = await listBonuses(db, playerId, languageOf(request), request.params.id);
        if (!bonus) throw new AppError('bonuses.not_found');
        return bonus;
      },
    });

    app.route({
      ...routeOf(bonusesApi.cancel),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        await cancelBonus(db, deps, playerId, request.params.id, app.clock.now());
        const [bonus] = await listBonuses(db, playerId, languageOf(request), request.params.id);
        if (!bonus) throw new AppError('bonuses.not_found');
        return bonus;
      },
    });

    app.route({
      ...routeOf(bonusesApi.redeemCoupon),
      onRequest: couponGuesses.onRequest,
      handler: async (request) => {
        const playerId = await requirePlayerNotExcluded(request);
        const language = languageOf(request);
        const currency = await activeCurrency(db, playerId);
        const facts = await playerFacts(db, {
          playerId,
          currency,
          licence: deps.licence,
          now: app.clock.now(),
          countDeposits: app.paymentFacts.depositsBefore,
        });
        const granted = await redeemCoupon(db, deps, facts, request.query.coupon_code).catch(
          async (error: unknown) => {
            // A miss is a guess (issue 31 item 6); a real code's refusal is not.
            if (error instanceof AppError && error.problems[0]?.code === 'bonuses.coupon_unknown')
              await couponGuesses.count(request);
            throw error;
          },
        );
        const pick = <T extends { id: string }>(items: T[], ids: string[]) =>
          items.filter((item) => ids.includes(item.id));
        return {
          bonuses: pick(await listBonuses(db, playerId, language), granted.bonuses),
          freespins: pick(await listFreespins(db, playerId, language, facts.now), granted.freespins),
          lootboxes: pick(await listLootboxes(db, playerId, language), granted.lootboxes),
        };
      },
    });

    app.route({
      ...routeOf(bonusesApi.depositOffers),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        const facts = await playerFacts(db, {
          playerId,
          currency: request.query.currency,
          licence: deps.licence,
          now: app.clock.now(),
          countDeposits: app.paymentFacts.depositsBefore,
        });
        return depositOffers(db, facts, languageOf(request));
      },
    });

    app.route({
      ...routeOf(freespinsApi.list),
      handler: async (request) =>
        listFreespins(db, await requirePlayer(request), languageOf(request), app.clock.now()),
    });

    app.route({
      ...routeOf(freespinsApi.activate),
      handler: async (request) => {
        const playerId = await requirePlayerNotExcluded(request);
        const now = app.clock.now();
        const launchUrl = await playFreespins(db, deps.events, playerId, request.params.id, now);
        const [freespin] = await listFreespins(db, playerId, languageOf(request), now, request.params.id);
        if (!freespin) throw new AppError('bonuses.freespins_not_found');
        return { freespin, launch_url: launchUrl };
      },
    });

    app.route({
      ...routeOf(freespinsApi.cancel),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        const now = app.clock.now();
        await cancelFreespins(db, deps, playerId, request.params.id, now);
        const [freespin] = await listFreespins(db, playerId, languageOf(request), now, request.params.id);
        if (!freespin) throw new AppError('bonuses.freespins_not_found');
        return freespin;
      },
    });

    app.route({
      ...routeOf(lootboxesApi.list),
      handler: async (request) => listLootboxes(db, await requirePlayer(request), languageOf(request)),
    });

    app.route({
      ...routeOf(lootboxesApi.open),
      handler: async (request) => {
        const playerId = await requirePlayerNotExcluded(request);
        await openLootbox(db, deps, playerId, request.params.id, request.body.client_seed, app.clock.now());
        const [lootbox] = await listLootboxes(db, playerId, languageOf(request), request.params.id);
        if (!lootbox) throw new AppError('bonuses.lootbox_not_found');
        return lootbox;
      },
    });
  };
}
