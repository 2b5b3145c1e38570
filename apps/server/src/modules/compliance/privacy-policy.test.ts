import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { verifyAuditLog } from './audit-log.ts';

/*
 * Issue 31 item 16: the privacy policy's acceptance is kept per player on the server. Two players, one
 * who accepts the policy in force and one who does not, each see only their own state; a new version
 * coming into force asks the one who accepted the old one again.
 */

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const firstVersion = '2026-10-01T00:00:00.000Z';
/** A version announced ahead: in force two days after the test starts. */
const nextVersion = new Date(Date.now() + 2 * 86_400_000).toISOString();

async function contentWithPolicies(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'chrysos-privacy-policy-'));
  await cp(fixtures, root, { recursive: true });
  for (const locale of ['en', 'el']) {
    const folder = path.join(root, locale, 'privacyPolicyUpdate');
    await mkdir(folder, { recursive: true });
    for (const [stem, version] of [
      ['2026-10', firstVersion],
      ['next', nextVersion],
    ] as const) {
      await writeFile(
        path.join(folder, `${stem}.yaml`),
        `utcDateTime: "${version}"\ntitle: Policy ${stem}\ntext: What changed.\nlinkText: Read it\nlinkUrl: /privacy-policy\n`,
      );
    }
  }
  return root;
}

describe.each(testDatabaseKinds)('the privacy policy acceptance on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let content: string;

  beforeAll(async () => {
    content = await contentWithPolicies();
    app = await buildTestApp(kind, { CONTENT_DIR: content });
  });
  afterAll(async () => {
    await app.closeAll();
    await rm(content, { recursive: true, force: true });
  });

  const status = async (who: TestPlayer) => {
    const answer = await app.inject({ url: '/api/player/privacy_policy', headers: { cookie: who.cookie } });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const accept = (who: TestPlayer, version: string) =>
    app.inject({
      method: 'POST',
      url: '/api/player/privacy_policy/acceptance',
      headers: { cookie: who.cookie },
      payload: { version },
    });

  it('keeps each player their own acceptance, and asks again when a new version comes into force', async () => {
    const accepting = await newPlayer(app);
    const other = await newPlayer(app);
    expect(await status(accepting)).toEqual({
      current_version: firstVersion,
      accepted_version: null,
      accepted_at: null,
      must_accept: true,
    });

    const answer = await accept(accepting, firstVersion);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ accepted_version: firstVersion, must_accept: false });
    // Accepting again records nothing more.
    expect((await accept(accepting, firstVersion)).statusCode).toBe(200);

    expect(await status(accepting)).toMatchObject({ accepted_version: firstVersion, must_accept: false });
    expect(await status(other)).toMatchObject({ accepted_version: null, must_accept: true });

    const rows = await app.database.db
      .select()
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.action, 'privacy_policy.accepted'));
    expect(rows.map((row) => [row.playerId, row.actor, row.details])).toEqual([
      [accepting.id, `player:${accepting.id}`, { version: firstVersion }],
    ]);
    expect(rows[0]?.ip).toBe('127.0.0.1');
    expect((await verifyAuditLog(app.database.db)).ok).toBe(true);

    // The version announced ahead is not in force yet, so it cannot be accepted…
    const early = await accept(other, nextVersion);
    expect(early.statusCode).toBe(422);
    expect(early.json().codes).toEqual({ version: ['validation.invalid'] });
    // …until its date: then both players must accept it, the one who accepted the old one too.
    app.clock.moveTo(new Date(Date.parse(nextVersion) + 60_000));
    expect(await status(accepting)).toMatchObject({
      current_version: nextVersion,
      accepted_version: firstVersion,
      must_accept: true,
    });
    expect((await accept(other, nextVersion)).statusCode).toBe(200);
    expect(await status(other)).toMatchObject({ accepted_version: nextVersion, must_accept: false });
    expect(await status(accepting)).toMatchObject({ must_accept: true });
    const [latest] = await app.database.db
      .select()
      .from(schema.complianceAuditLog)
      .where(
        and(
          eq(schema.complianceAuditLog.action, 'privacy_policy.accepted'),
          eq(schema.complianceAuditLog.playerId, other.id),
        ),
      );
    expect(latest?.details).toEqual({ version: nextVersion });
  });

  it("takes a sign-up's acceptance of the terms for the policy in force; a player from before must accept it", async () => {
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: '10.7.0.1',
      payload: {
        user: {
          email: `signed-up-${Date.now()}@example.gr`,
          password: 'Lantern-Harbour-58',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    expect(signedUp.statusCode).toBe(201);
    const cookie = String(signedUp.headers['set-cookie']).split(';')[0] ?? '';
    const newcomer = { id: signedUp.json().id as string, cookie } as TestPlayer;
    const before = await newPlayer(app);
    const now = (await status(newcomer)).current_version;
    expect(now).not.toBeNull();
    expect(await status(newcomer)).toMatchObject({ accepted_version: now, must_accept: false });
    expect(await status(before)).toMatchObject({ accepted_version: null, must_accept: true });
    const [row] = await app.database.db
      .select()
      .from(schema.complianceAuditLog)
      .where(
        and(
          eq(schema.complianceAuditLog.action, 'privacy_policy.accepted'),
          eq(schema.complianceAuditLog.playerId, newcomer.id),
        ),
      );
    expect(row).toMatchObject({ actor: `player:${newcomer.id}`, ip: '10.7.0.1', details: { version: now } });
    expect((await verifyAuditLog(app.database.db)).ok).toBe(true);
  });

  it('refuses a visitor, and a version that is not one of the announced ones', async () => {
    const visitor = await app.inject({ url: '/api/player/privacy_policy' });
    expect(visitor.statusCode).toBe(401);
    const player = await newPlayer(app);
    const unknown = await accept(player, '2020-01-01T00:00:00Z');
    expect(unknown.statusCode).toBe(422);
    const malformed = await accept(player, 'yesterday');
    expect(malformed.statusCode).toBe(422);
  });
});
