import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newFreeSpins, newPlayer } from '../../testing/factories.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { auditLedger } from '../wallet/public.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-of-at-least-32-characters';
const otherSecret = 'another-studio-secret-of-32-characters-at-least';

/**
 * Issue 31 item 4: a free bet (`is_free`) is paid by a free-spin grant of this player, game and studio;
 * without one it is refused and nothing is booked, and bonus money no bonus or grant stands behind is
 * swept back to the pool by a booked movement (decision 21).
 */
describe.each(testDatabaseKinds)('free bets and their grants on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      {
        CONTENT_DIR: fixtures,
        STUDIO_SECRET: secret,
        WALLET_STUDIOS: JSON.stringify({ 'chrysos-studio': secret, other: otherSecret }),
      },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const freeBets = async (playerId: string) =>
    app.database.db
      .select({ key: schema.ledgerTransactions.idempotencyKey })
      .from(schema.ledgerTransactions)
      .where(
        and(
          eq(schema.ledgerTransactions.playerId, playerId),
          eq(schema.ledgerTransactions.kind, 'bet'),
          eq(schema.ledgerTransactions.amount, 0),
        ),
      );

  it('accepts a free bet of the player holding spins of the game, refuses the others', async () => {
    const granted = await newPlayer(app, { funded: 1_000 });
    const other = await newPlayer(app, { funded: 1_000 });
    await newFreeSpins(app, granted, { gameCode: 'golden-drachma' });

    const grantedPlays = await studioCalls(app, granted, { secret, gameCode: 'golden-drachma' });
    const otherPlays = await studioCalls(app, other, { secret, gameCode: 'golden-drachma' });
    expect(await grantedPlays.bet('fb-granted', 20, { is_free: true })).toEqual(
      expect.objectContaining({ status: 'RS_OK', balance: 1_000 }),
    );
    // Another player of the same game holds no spins: nothing pays for their free bet.
    expect(await otherPlays.bet('fb-other', 20, { is_free: true })).toEqual(
      expect.objectContaining({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 1_000 }),
    );
    expect(await otherPlays.win('fb-other-win', 'fb-other', 500)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    });

    // The granted player's spins are for Golden Drachma of the in-house studio only.
    const anotherGame = await studioCalls(app, granted, { secret, gameCode: 'golden-reels' });
    expect(await anotherGame.bet('fb-another-game', 20, { is_free: true })).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    const anotherStudio = await studioCalls(app, granted, {
      studio: 'other',
      secret: otherSecret,
      gameCode: 'golden-drachma',
    });
    expect(await anotherStudio.bet('fb-another-studio', 20, { is_free: true })).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });

    expect((await freeBets(granted.id)).map((row) => row.key)).toEqual(['chrysos-studio:fb-granted']);
    expect(await freeBets(other.id)).toEqual([]);
    expect(await app.wallet.ledger.balances(other.id, 'EUR')).toEqual({ real: 1_000, bonus: 0, held: 0 });
    // A replay of the accepted free bet keeps its answer.
    expect(await grantedPlays.bet('fb-granted', 20, { is_free: true })).toMatchObject({ status: 'RS_OK' });
  });

  it('sweeps the win of a free spin whose grant ended meanwhile back to the bonus pool', async () => {
    const player = await newPlayer(app, { funded: 1_000 });
    const bystander = await newPlayer(app, { funded: 1_000 });
    const spins = await newFreeSpins(app, player, { gameCode: 'golden-drachma' });
    await newFreeSpins(app, bystander, { gameCode: 'golden-drachma' });
    const plays = await studioCalls(app, player, { secret, gameCode: 'golden-drachma' });
    expect(await plays.bet('fb-ended', 20, { is_free: true })).toMatchObject({ status: 'RS_OK' });
    // The player cancels their spins while the round is open; the studio then pays its win.
    const canceled = await app.inject({
      method: 'DELETE',
      url: `/api/player/freespins/${spins}`,
      headers: { cookie: player.cookie },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await plays.win('fb-ended-win', 'fb-ended', 500)).toMatchObject({ status: 'RS_OK' });
    await handlersCaughtUp(app.database.db);

    expect(await app.wallet.ledger.balances(player.id, 'EUR')).toEqual({ real: 1_000, bonus: 0, held: 0 });
    const forfeits = await app.database.db
      .select({ amount: schema.ledgerTransactions.amount })
      .from(schema.ledgerTransactions)
      .where(
        and(
          eq(schema.ledgerTransactions.playerId, player.id),
          eq(schema.ledgerTransactions.kind, 'bonus_forfeit'),
        ),
      );
    expect(forfeits).toEqual([{ amount: 500 }]);
    // The other player's spins are theirs still.
    const [theirs] = (
      await app.inject({ url: '/api/player/freespins/', headers: { cookie: bystander.cookie } })
    ).json();
    expect(theirs).toMatchObject({ stage: 'activated', played: 0 });
    expect(await auditLedger(app.database.db)).toMatchObject({ driftingAccounts: [], ledgerTotal: 0 });
  });
});
