import type { Db } from '@chrysos/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { DomainEvent, EventBus } from '../../platform/events.ts';
import { exclusionInForce } from '../compliance/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { depositCampaign } from './deposit-offers.ts';
import { type DepositCount, playerFacts } from './eligibility.ts';
import { activateIfFree } from './grant-campaign.ts';
import { issueBonus, issueFreespins } from './issue.ts';

export interface GrantDeps {
  wallet: Wallet;
  events: Pick<EventBus, 'publish'>;
  licence: string;
  /** The cashier's count of a player's deposits. */
  countDeposits: DepositCount;
  log: FastifyBaseLogger;
  /** The product's clock: whether an exclusion is in force when the deposit's event is handled. */
  now: () => Date;
}

/**
 * A deposit made with a bonus code (the cashier's selector or a typed code) earns the campaign's match:
 * issued under the payment's id (so a replayed event grants nothing twice) and activated straight away
 * when no other bonus runs in the currency (the promotion page: "lands in your bonus balance straight
 * away"), with the campaign's free spins. Eligibility is checked again as of the deposit: a code that
 * stopped qualifying between the request and the payment gives nothing, and the deposit stands.
 */
export async function grantDepositBonus(
  tx: Db,
  deps: GrantDeps,
  event: DomainEvent<'cashier.deposit_succeeded'>,
): Promise<void> {
  const { playerId, currency, amount, paymentId, bonusCode } = event.payload;
  if (!bonusCode) return;
  // A deposit started before a break or self-exclusion and paid during it earns no promotion (issue 31
  // item 2): the money is the player's, the offer is not made.
  if (await exclusionInForce(tx, playerId, deps.now())) {
    deps.log.info({ paymentId }, 'deposit bonus withheld: the player is excluded');
    return;
  }
  const facts = await playerFacts(tx, {
    playerId,
    currency,
    licence: deps.licence,
    now: event.occurredAt,
    countDeposits: deps.countDeposits,
    deposit: paymentId,
  });
  let offer: Awaited<ReturnType<typeof depositCampaign>>;
  try {
    offer = await depositCampaign(tx, facts, bonusCode, amount);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.info({ paymentId, code: error.problems[0]?.code }, 'deposit bonus code no longer qualifies');
    return;
  }
  const { campaign, terms } = offer;
  const bonus = Math.min(Math.floor((amount * terms.match.percent) / 100), terms.match.max[currency] ?? 0);
  const source = `deposit:${paymentId}`;
  const now = event.occurredAt;
  const bonusId =
    bonus > 0
      ? await issueBonus(tx, deps.events, {
          playerId,
          currency,
          campaignId: campaign.id,
          source,
          kind: 'deposit',
          amount: bonus,
          depositAmount: amount,
          terms,
          now,
        })
      : null;
  if (terms.freespins) {
    await issueFreespins(tx, deps.events, {
      playerId,
      currency,
      campaignId: campaign.id,
      source,
      spins: terms.freespins,
      now,
    });
  }
  if (bonusId) await activateIfFree(tx, deps, playerId, currency, bonusId, now);
}
