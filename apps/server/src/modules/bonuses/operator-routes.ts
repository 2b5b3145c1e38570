import { bonusOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { schema } from '@chrysos/db';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventBus } from '../../platform/events.ts';
import { operatorActor, operatorOf, recorded } from '../../platform/operator-api.ts';
import type { Wallet } from '../wallet/public.ts';
import { grantByOperator, requireKnownPlayer } from './grant-by-operator.ts';
import { presentCampaign, putCampaign } from './put-campaign.ts';
import { listBonuses, listFreespins, listLootboxes } from './read.ts';
import { languageOf } from './routes.ts';

/**
 * The bonus engine's part of the operator API (@chrysos/contract bonusOperatorApi): campaigns, and a
 * player's bonuses with grants. Registered under platform/operator-api.ts's operatorScope, so every
 * route needs the bearer OPERATOR_API_TOKEN and none exists without it.
 */
export function bonusOperatorRoutes(deps: {
  wallet: Wallet;
  events: Pick<EventBus, 'publish'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;

    app.route({
      ...routeOf(bonusOperatorApi.campaigns),
      handler: async () => {
        const rows = await db.select().from(schema.bonusCampaigns).orderBy(asc(schema.bonusCampaigns.id));
        return rows.map(presentCampaign);
      },
    });

    app.route({
      ...routeOf(bonusOperatorApi.putCampaign),
      handler: async (request, reply) => {
        const { campaign, created } = await db.transaction(async (tx) => {
          const saved = await putCampaign(tx, request.params.id, request.body);
          await app.recordOperatorAction(tx, request, {
            action: 'bonus_campaign.saved',
            details: { campaign: request.params.id, created: saved.created, active: saved.campaign.active },
          });
          return saved;
        });
        return reply.code(created ? 201 : 200).send(presentCampaign(campaign));
      },
    });

    app.route({
      ...routeOf(bonusOperatorApi.grant),
      handler: async (request, reply) => {
        const playerId = request.params.id;
        const granted = recorded(
          request,
          await grantByOperator(db, deps, {
            playerId,
            campaignId: request.body.campaign,
            currency: request.body.currency,
            reason: request.body.reason,
            ip: request.ip,
            actor: operatorActor(operatorOf(request)),
            now: app.clock.now(),
          }),
        );
        const language = languageOf(request);
        const pick = <T extends { id: string }>(items: T[], ids: string[]) =>
          items.filter((item) => ids.includes(item.id));
        return reply.code(201).send({
          bonuses: pick(await listBonuses(db, playerId, language), granted.bonuses),
          freespins: pick(await listFreespins(db, playerId, language, app.clock.now()), granted.freespins),
          lootboxes: pick(await listLootboxes(db, playerId, language), granted.lootboxes),
        });
      },
    });

    app.route({
      ...routeOf(bonusOperatorApi.playerBonuses),
      handler: async (request) => {
        const playerId = request.params.id;
        await requireKnownPlayer(db, playerId);
        const language = languageOf(request);
        return {
          bonuses: await listBonuses(db, playerId, language),
          freespins: await listFreespins(db, playerId, language, app.clock.now()),
          lootboxes: await listLootboxes(db, playerId, language),
        };
      },
    });
  };
}
