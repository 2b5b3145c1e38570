import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/**
 * Issue 31 item 3: the deposit limit and the verification (AML) threshold are checked and the pending
 * payment stored as one step per player, so deposits started together cannot pass either together.
 */
describe.each(testDatabaseKinds)('deposits started together on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures });
  });
  afterAll(() => app.closeAll());

  const api = (player: TestPlayer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: player.cookie },
      ...(payload ? { payload } : {}),
    });
  const deposit = (player: TestPlayer, amount: number) =>
    api(player, 'POST', '/payments/deposits', { currency: 'EUR', amount_cents: amount, method: 'card' });
  const together = (player: TestPlayer, count: number, amount: number) =>
    Promise.all(Array.from({ length: count }, () => deposit(player, amount)));
  const started = (answers: { statusCode: number }[]) => answers.filter((a) => a.statusCode === 201).length;

  it('keeps 8 deposits of €20 started at once within the €40 left of a daily limit, for its player only', async () => {
    const limited = await newPlayer(app);
    const unlimited = await newPlayer(app);
    const set = await api(limited, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'day',
      currency: 'EUR',
      amount: 5_000,
    });
    expect(set.statusCode).toBe(200);
    expect((await deposit(limited, 1_000)).statusCode).toBe(201);

    const [limitedAnswers, unlimitedAnswers] = await Promise.all([
      together(limited, 8, 2_000),
      together(unlimited, 8, 2_000),
    ]);
    expect(started(limitedAnswers)).toBe(2);
    const refused = limitedAnswers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => a.json().codes.amount_cents)).toEqual(
      refused.map(() => ['compliance.deposit_limit']),
    );
    const { limits } = (await api(limited, 'GET', '/player/limits')).json();
    expect(limits).toEqual([expect.objectContaining({ kind: 'deposit', used: 5_000, remaining: 0 })]);
    // The other player has no limit: every one of theirs starts.
    expect(started(unlimitedAnswers)).toBe(8);
  });

  it('keeps 6 deposits of €1,500 started at once under the €5,000 an unverified player may deposit', async () => {
    const player = await newPlayer(app);
    const answers = await together(player, 6, 150_000);
    expect(started(answers)).toBe(3);
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expect(refused.json().codes.amount_cents).toEqual(['compliance.verification_required']);
    const status = (await api(player, 'GET', '/player/documents')).json();
    expect(status.deposits).toMatchObject({ total_euro_cents: 450_000, threshold_euro_cents: 500_000 });
  });
});
