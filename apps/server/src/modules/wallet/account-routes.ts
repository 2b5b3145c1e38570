import { walletApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { listAccounts, switchAccount } from './accounts.ts';
import { transactionHistory } from './history.ts';
import { historyTotals } from './history-totals.ts';

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Spec §7 GET/POST /player/accounts and the wallet history of /profile/wallet/transactions. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(walletApi.accounts),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAccounts(db, app.wallet.ledger, await requirePlayer(request));
    },
  });

  app.route({
    ...routeOf(walletApi.switchAccount),
    handler: async (request) => {
      const playerId = await requirePlayer(request);
      const offered = await app.referenceData.currency(request.body.currency);
      if (!offered) throw new AppError('info.currency_not_offered', { field: 'currency' });
      await listAccounts(db, app.wallet.ledger, playerId);
      await switchAccount(db, playerId, request.body.currency);
      return listAccounts(db, app.wallet.ledger, playerId);
    },
  });

  app.route({
    ...routeOf(walletApi.transactions),
    handler: async (request) => {
      const playerId = await requirePlayer(request);
      const { page, per_page: perPage, locale, ...filter } = request.query;
      const found = await transactionHistory(
        db,
        app.walletHistory,
        playerId,
        filter,
        { offset: (page - 1) * perPage, limit: perPage },
        locale,
      );
      return { ...found, page, per_page: perPage };
    },
  });

  app.route({
    ...routeOf(walletApi.totals),
    handler: async (request) => historyTotals(db, await requirePlayer(request), request.query),
  });

  app.route({
    ...routeOf(walletApi.transactionsCsv),
    handler: async (request, reply) => {
      const playerId = await requirePlayer(request);
      const { locale, ...filter } = request.query;
      const { items } = await transactionHistory(
        db,
        app.walletHistory,
        playerId,
        filter,
        { offset: 0, limit: 10_000 },
        locale,
      );
      const currencies = new Map(
        (await app.referenceData.currencies()).map((c) => [c.code, c.subunits_to_unit]),
      );
      const units = (cents: number, currency: string) => {
        const subunits = currencies.get(currency) ?? 100;
        return (cents / subunits).toFixed(Math.round(Math.log10(subunits)));
      };
      const lines = [
        'date,type,currency,amount,real,bonus,held,game,method,round',
        ...items.map((item) =>
          [
            item.created_at,
            item.kind,
            item.currency,
            units(item.amount_cents, item.currency),
            units(item.real_cents, item.currency),
            units(item.bonus_cents, item.currency),
            units(item.held_cents, item.currency),
            item.game_title ?? item.game_code ?? '',
            item.method ?? '',
            item.round ?? '',
          ]
            .map(csvCell)
            .join(','),
        ),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="chrysos-transactions.csv"')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\n')}\n`);
    },
  });
};
