import { type Db, schema } from '@chrysos/db';
import { email as emailRule } from '@chrysos/rules';
import { and, eq } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import { confirmEmail, playerByEmail, playerLanguage, registerPlayer } from '../player/public.ts';
import { openFirstAccount } from '../wallet/public.ts';
import { recordSignIn as countSignIn, createCredentials, credentialsOf } from './credentials.ts';
import { isLocked } from './lockout.ts';
import type { SocialClaims } from './oidc.ts';

export interface SocialSignIn {
  provider: string;
  claims: SocialClaims;
  locale: 'en' | 'el';
  referralParams: Record<string, string>;
  /** The currency a new player starts in (the reference default). */
  defaultCurrency: string;
  /** Where the registration or sign-in is announced, in the transaction that records it. */
  events: Pick<EventBus, 'publish'>;
  /** The product's time of the sign-in. */
  now: Date;
}

export interface SignedIn {
  playerId: string;
  language: 'en' | 'el';
  created: boolean;
}

/**
 * The player's account is locked after too many wrong passwords. A provider's sign-in does not lift
 * that: the lock holds for every way in until it expires or the player unlocks it by email.
 */
export class AccountLocked extends Error {
  constructor() {
    super('account_locked');
  }
}

/** Fields a player made here by a social sign-in still has to give in the CompleteRegistration modal. */
export const alwaysMissed = ['terms_acceptance', 'age_acceptance'] as const;

/**
 * The player behind a social identity: the one already linked to it; else the player with the same
 * address when the provider vouches for it (email_verified); else a new player with the details the
 * provider gave and the rest marked missing. Records the sign-in either way.
 */
export async function signInWithIdentity(db: Db, input: SocialSignIn): Promise<SignedIn> {
  const { provider, claims } = input;
  const linked = await linkedPlayer(db, provider, claims.sub);
  if (linked) return recordSignIn(db, input, linked);

  const address = claims.email && emailRule(claims.email) === null ? claims.email : undefined;
  const byEmail = address ? await playerByEmail(db, address) : undefined;
  if (byEmail && claims.email_verified) {
    await db
      .insert(schema.authIdentities)
      .values({ provider, subject: claims.sub, playerId: byEmail.id })
      .onConflictDoNothing();
    // The provider has just confirmed the address, as the confirmation email would.
    await confirmEmail(db, byEmail.id, input.now);
    return recordSignIn(db, input, (await linkedPlayer(db, provider, claims.sub)) ?? byEmail.id);
  }

  // No address, or one that belongs to someone else unverified: the player gives one in the modal.
  const usable = address && !byEmail ? address : undefined;
  const missed = [...(usable ? [] : ['email']), ...alwaysMissed];
  try {
    const playerId = await db.transaction(async (tx) => {
      const created = await registerPlayer(tx, {
        email: usable ?? `${claims.sub}@${provider}.invalid`,
        firstName: claims.given_name?.slice(0, 100) ?? null,
        lastName: claims.family_name?.slice(0, 100) ?? null,
        country: null,
        currency: input.defaultCurrency,
        language: input.locale,
        termsAcceptance: false,
        ageAcceptance: false,
        authFieldsMissed: missed,
        confirmedAt: usable && claims.email_verified ? input.now : null,
        referralParams: input.referralParams,
      });
      if (!created) throw new Error('the new player was not stored');
      await createCredentials(tx, created.id, null, input.now);
      await tx.insert(schema.authIdentities).values({ provider, subject: claims.sub, playerId: created.id });
      await openFirstAccount(tx, created.id, input.defaultCurrency);
      await input.events.publish(tx, 'auth.player_registered', {
        playerId: created.id,
        method: `social:${provider}`,
        currency: input.defaultCurrency,
        country: null,
        language: input.locale,
        referralParams: input.referralParams,
      });
      return created.id;
    });
    return { playerId, language: input.locale, created: true };
  } catch (error) {
    // Two callbacks for one new identity at once: the other one made the player.
    const raced = await linkedPlayer(db, provider, claims.sub);
    if (raced) return recordSignIn(db, input, raced);
    throw error;
  }
}

async function linkedPlayer(db: Db, provider: string, subject: string): Promise<string | undefined> {
  const [found] = await db
    .select({ playerId: schema.authIdentities.playerId })
    .from(schema.authIdentities)
    .where(and(eq(schema.authIdentities.provider, provider), eq(schema.authIdentities.subject, subject)));
  return found?.playerId;
}

async function recordSignIn(db: Db, input: SocialSignIn, playerId: string): Promise<SignedIn> {
  const held = await credentialsOf(db, playerId);
  if (held && isLocked(held.lockedAt, input.now)) throw new AccountLocked();
  const counted = await db.transaction(async (tx) => {
    const [row] = await countSignIn(tx, playerId, input.now, 'provider');
    if (row)
      await input.events.publish(tx, 'auth.signed_in', { playerId, method: `social:${input.provider}` });
    return row;
  });
  if (!counted) throw new Error('the linked player no longer exists');
  return { playerId, language: await playerLanguage(db, playerId), created: false };
}
