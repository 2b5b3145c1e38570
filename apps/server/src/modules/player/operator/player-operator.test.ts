import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../testing/build-test-app.ts';
import { newPlayer } from '../../../testing/factories.ts';
import { newOperatorToken } from '../../../testing/operators.ts';

describe.each(testDatabaseKinds)("the back office's player search and Player 360 on %s", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let support: Awaited<ReturnType<typeof newOperatorToken>>;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    support = await newOperatorToken(app, 'support');
  });
  afterAll(() => app.closeAll());

  /** A player with a name of their own; each test's names are its own, so no other test's players match. */
  const named = async (first: string, last: string, options: Parameters<typeof newPlayer>[1] = {}) => {
    const player = await newPlayer(app, options);
    await app.database.db
      .update(schema.players)
      .set({ firstName: first, lastName: last })
      .where(eq(schema.players.id, player.id));
    return player;
  };
  const search = async (query: string, authorization = support.authorization) => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/operator/players?${query}`,
      headers: { authorization },
    });
    return answer;
  };
  const ids = async (query: string) =>
    ((await search(query)).json() as { id: string }[]).map((row) => row.id);

  it('finds players by KYC state and by group (a VIP level), each only where they belong', async () => {
    const tag = `k${Date.now().toString(36)}`;
    const verified = await named(`Vera${tag}`, 'Kyc');
    const pending = await named(`Petros${tag}`, 'Kyc');
    const unverified = await named(`Uma${tag}`, 'Kyc');
    const document = (playerId: string, kind: string, status: string) =>
      app.database.db.insert(schema.playerDocuments).values({
        playerId,
        kind,
        status,
        fileName: `${kind}.jpg`,
        contentType: 'image/jpeg',
        size: 1,
      });
    await document(verified.id, 'identity', 'approved');
    await document(verified.id, 'address', 'approved');
    await document(pending.id, 'identity', 'approved');
    await document(pending.id, 'address', 'pending');
    await document(unverified.id, 'identity', 'rejected');
    const byName = (state: string) =>
      ids(`q=kyc&kyc=${state}`).then((found) =>
        found.filter((id) => [verified.id, pending.id, unverified.id].includes(id)),
      );
    expect(await byName('verified')).toEqual([verified.id]);
    expect(await byName('pending_review')).toEqual([pending.id]);
    expect(await byName('unverified')).toEqual([unverified.id, pending.id]);

    const gold = await named(`Goldie${tag}`, 'Level');
    await named(`Plain${tag}`, 'Level');
    await app.database.db.insert(schema.playerGroups).values({ playerId: gold.id, group: 'loyalty_gold' });
    expect(await ids(`q=${encodeURIComponent(`goldie${tag}`)}&group=loyalty_gold`)).toEqual([gold.id]);
    expect(await ids(`q=${encodeURIComponent(`plain${tag}`)}&group=loyalty_gold`)).toEqual([]);
    expect((await search('kyc=approved')).statusCode).toBe(422);
    expect((await search('group=Gold%20Level')).statusCode).toBe(422);
  });

  it('finds a player by id, by the start of an email or a name, and by first and last name', async () => {
    const tag = `q${Date.now().toString(36)}`;
    const eleni = await named(`Eleni${tag}`, `Papadaki${tag}`, { email: `eleni.${tag}@example.gr` });
    const nikos = await named(`Nikos${tag}`, `Eleni${tag}son`, { email: `nikos.${tag}@example.gr` });
    expect(await ids(`q=${eleni.id.toUpperCase()}`)).toEqual([eleni.id]);
    expect(await ids(`q=ELENI.${tag}`)).toEqual([eleni.id]);
    // "Eleni…" starts one's first name and the other's last name: both, newest first.
    expect(await ids(`q=eleni${tag}`)).toEqual([nikos.id, eleni.id]);
    expect(await ids(`q=${encodeURIComponent(`eleni${tag} papa`)}`)).toEqual([eleni.id]);
    expect(await ids(`q=${encodeURIComponent(`papadaki${tag} eleni`)}`)).toEqual([eleni.id]);
    // LIKE's wildcards are letters like any other.
    expect(await ids(`q=${encodeURIComponent(`%${tag}`)}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(`eleni_${tag}`)}`)).toEqual([]);
    const [row] = (await search(`q=nikos.${tag}`)).json();
    expect(row).toEqual({
      id: nikos.id,
      email: nikos.email,
      first_name: `Nikos${tag}`,
      last_name: `Eleni${tag}son`,
      country: 'GR',
      currency: 'EUR',
      status: 'active',
      created_at: expect.any(String),
    });
  });

  it('narrows by country and status', async () => {
    const tag = `c${Date.now().toString(36)}`;
    const greek = await named(`Anna${tag}`, 'Greek', { country: 'GR' });
    const cypriot = await named(`Anna${tag}`, 'Cypriot', { country: 'CY' });
    await app.database.db
      .update(schema.players)
      .set({ disabledAt: app.clock.now() })
      .where(eq(schema.players.id, cypriot.id));
    expect(await ids(`q=anna${tag}&country=CY`)).toEqual([cypriot.id]);
    expect(await ids(`q=anna${tag}&status=active`)).toEqual([greek.id]);
    expect(await ids(`q=anna${tag}&status=disabled`)).toEqual([cypriot.id]);
    expect(await ids(`q=anna${tag}&limit=1`)).toHaveLength(1);
    expect((await search('country=greece')).statusCode).toBe(422);
    expect((await search('limit=1000')).statusCode).toBe(422);
  });

  it("shows each player's own profile, balances and groups, and refuses a role without the ability", async () => {
    const rich = await named('Maria', 'Rich', { funded: 12_345 });
    const poor = await named('Petros', 'Poor', { currency: 'USD' });
    await app.database.db.insert(schema.playerGroups).values({ playerId: rich.id, group: 'vip' });
    const overview = async (id: string, authorization = support.authorization) =>
      app.inject({ method: 'GET', url: `/api/operator/players/${id}`, headers: { authorization } });
    const richView = (await overview(rich.id)).json();
    const poorView = (await overview(poor.id)).json();
    expect(richView).toMatchObject({
      id: rich.id,
      first_name: 'Maria',
      status: 'active',
      groups: ['vip'],
      accounts: [
        { currency: 'EUR', amount_cents: 12_345, available_to_cashout_cents: 12_345, bonus_cents: 0 },
      ],
    });
    expect(poorView).toMatchObject({
      id: poor.id,
      first_name: 'Petros',
      groups: [],
      accounts: [{ currency: 'USD', amount_cents: 0 }],
    });
    expect((await overview('6f1c1d4e-0a3b-4c2d-9e8f-7a6b5c4d3e2f')).statusCode).toBe(404);
    const marketing = await newOperatorToken(app, 'marketing');
    expect((await overview(rich.id, marketing.authorization)).statusCode).toBe(403);
    expect((await search('q=maria', marketing.authorization)).statusCode).toBe(403);
  });

  it("keeps each player's notes on their own record, under each author's name, audited", async () => {
    const noted = await newPlayer(app);
    const other = await newPlayer(app);
    const finance = await newOperatorToken(app, 'finance');
    const write = (authorization: string, id: string, body: string) =>
      app.inject({
        method: 'POST',
        url: `/api/operator/players/${id}/notes`,
        headers: { authorization },
        payload: { body },
      });
    const read = async (id: string, authorization = support.authorization) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/operator/players/${id}/notes`,
          headers: { authorization },
        })
      ).json() as { author: string; author_name: string; body: string }[];
    expect((await write(support.authorization, noted.id, 'Called about a late withdrawal')).statusCode).toBe(
      201,
    );
    expect((await write(finance.authorization, noted.id, 'Withdrawal paid by hand')).statusCode).toBe(201);
    expect((await write(support.authorization, other.id, 'Asked for a limit')).statusCode).toBe(201);
    const notes = await read(noted.id, finance.authorization);
    expect(notes.map((note) => [note.body, note.author, note.author_name])).toEqual([
      ['Withdrawal paid by hand', finance.maker.actor, 'Test admin'],
      ['Called about a late withdrawal', support.maker.actor, 'Test admin'],
    ]);
    expect((await read(other.id)).map((note) => note.body)).toEqual(['Asked for a limit']);
    const trail = await app.database.db
      .select({ actor: schema.complianceAuditLog.actor })
      .from(schema.complianceAuditLog)
      .where(
        and(
          eq(schema.complianceAuditLog.playerId, noted.id),
          eq(schema.complianceAuditLog.action, 'player.note_added'),
        ),
      )
      .orderBy(schema.complianceAuditLog.id);
    expect(trail).toEqual([{ actor: support.maker.actor }, { actor: finance.maker.actor }]);
    const marketing = await newOperatorToken(app, 'marketing');
    expect((await write(marketing.authorization, noted.id, 'Not mine to write')).statusCode).toBe(403);
    expect(
      (await write(support.authorization, '6f1c1d4e-0a3b-4c2d-9e8f-7a6b5c4d3e2f', 'Nobody')).statusCode,
    ).toBe(404);
  });
});
