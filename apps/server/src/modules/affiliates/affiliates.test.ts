import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { depositThroughSandbox } from '../../testing/factories.ts';
import { oweNetRevenue } from './net-revenue.ts';
import { sendOwedCalls } from './send-calls.ts';

const secret = 'an-affiliate-postback-secret-for-tests';

/** A stand-in for the affiliate platform: every GET it receives; `refuse` answers 503 so many times first. */
async function affiliateService() {
  const received: URL[] = [];
  let refuse = 0;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://affiliate.invalid');
    if (refuse > 0) {
      refuse -= 1;
      response.writeHead(503).end();
      return;
    }
    received.push(url);
    response.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refuseNext: (times: number) => {
      refuse = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabaseKinds)('affiliate tracking on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let service: Awaited<ReturnType<typeof affiliateService>>;
  beforeAll(async () => {
    service = await affiliateService();
    app = await buildTestApp(
      kind,
      {
        AFFILIATE_PIXEL_URL: `${service.origin}/pixel`,
        AFFILIATE_POSTBACK_URL: `${service.origin}/postback?brand=chrysos`,
        AFFILIATE_POSTBACK_SECRET: secret,
      },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(async () => {
    await app.closeAll();
    await service.close();
  });

  async function signUp(query: string) {
    const email = `referred-${Math.random().toString(36).slice(2)}@example.gr`;
    const answer = await app.inject({
      method: 'POST',
      url: `/api/users${query}`,
      payload: {
        user: {
          email,
          password: 'Golden-Drachma-42',
          currency: 'EUR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    expect(answer.statusCode).toBeLessThan(300);
    return { id: answer.json().id as string, cookie: cookieOf(answer) };
  }
  const send = (minutesLater = 0) =>
    sendOwedCalls(
      app.database.db,
      app.config,
      app.log,
      new Date(app.clock.now().getTime() + minutesLater * 60_000),
    );

  it("tells the affiliate of a referred player's registration and deposits, once each, and nothing of another player", async () => {
    const referred = await signUp('?btag=partner-7_campaign-2&utm_source=newsletter');
    const direct = await signUp('?utm_source=search');
    await depositThroughSandbox(app, referred, 2_000);
    await depositThroughSandbox(app, referred, 5_000);
    await depositThroughSandbox(app, direct, 3_000);
    await handlersCaughtUp(app.database.db);
    // The first try is refused; the calls wait their back-off and go on the next run after it.
    service.refuseNext(1);
    await send();
    await send(1);
    await send(5);

    const mine = service.received.filter((url) => url.searchParams.get('player_id') === referred.id);
    expect(mine.map((url) => `${url.pathname} ${url.searchParams.get('event')}`).sort()).toEqual(
      [
        '/pixel registration',
        '/pixel first_deposit',
        '/postback registration',
        '/postback first_deposit',
        '/postback deposit',
        '/postback deposit',
      ].sort(),
    );
    expect(service.received.some((url) => url.searchParams.get('player_id') === direct.id)).toBe(false);
    for (const url of mine) expect(url.searchParams.get('btag')).toBe('partner-7_campaign-2');
    const firstDeposit = mine.find(
      (url) => url.pathname === '/postback' && url.searchParams.get('event') === 'first_deposit',
    );
    expect(firstDeposit?.searchParams.get('amount_cents')).toBe('2000');
    // The postback's signature covers its whole query as sent, before it; the pixel carries none.
    const [signed, signature] = (firstDeposit?.search.slice(1) ?? '').split('&signature=');
    expect(firstDeposit?.searchParams.get('brand')).toBe('chrysos');
    expect(signature).toBe(
      createHmac('sha256', secret)
        .update(signed ?? '')
        .digest('hex'),
    );
    expect(mine.find((url) => url.pathname === '/pixel')?.searchParams.has('signature')).toBe(false);

    // Sent calls are not sent again.
    const before = service.received.length;
    await send(60);
    expect(service.received.length).toBe(before);
  });

  it("owes each referred player's net revenue of the day once, whoever else played", async () => {
    const referred = await signUp('?stag=partner-9');
    const direct = await signUp('');
    await handlersCaughtUp(app.database.db);
    for (const [player, amount] of [
      [referred, 700],
      [direct, 900],
    ] as const) {
      await app.wallet.deposit({
        key: `net-funds:${player.id}`,
        playerId: player.id,
        currency: 'EUR',
        amount: 10_000,
      });
      await app.wallet.bet({
        key: `net-bet:${player.id}`,
        playerId: player.id,
        currency: 'EUR',
        amount,
        round: `net-${player.id}`,
        gameCode: 'golden-reels',
      });
    }
    const tomorrow = new Date(app.clock.now().getTime() + 86_400_000);
    await oweNetRevenue(app.database.db, tomorrow);
    await oweNetRevenue(app.database.db, tomorrow);
    const owed = (await app.database.db.select().from(schema.affiliateCalls)).filter(
      (call) => call.kind === 'net_revenue',
    );
    expect(owed.map((call) => [call.playerId, call.params.net_revenue_cents, call.params.stag])).toEqual([
      [referred.id, '700', 'partner-9'],
    ]);
  });
});
