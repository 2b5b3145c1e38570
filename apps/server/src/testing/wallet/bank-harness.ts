import { randomUUID } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { signBody, type WalletResponse } from '@chrysos/wallet-protocol';
import { inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { openGameSession } from '../../modules/wallet/game-sessions.ts';
import { waitUntil } from '../wait.ts';

/**
 * The bank test's harness: real players signed up over HTTP, a load of protocol and cashier calls
 * from many concurrent clients over a Zipf-skewed set of accounts with one hot player, duplicated
 * and replayed ids, and a record of every acknowledged answer to check the ledger against.
 * Used by bank.test.ts (one process) and crash.test.ts (a server killed and restarted under load).
 */

export const studio = 'bank-studio';
export const studioSecret = 'bank-studio-secret-0123456789abcdef-xyz';
export const currency = 'EUR';

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Player index 0 is the hot one (a third of all traffic); the rest follow Zipf(s = 1.1). */
export function skewedPicker(count: number, random: () => number): () => number {
  const weights = Array.from({ length: count - 1 }, (_, i) => 1 / (i + 1) ** 1.1);
  const total = weights.reduce((sum, w) => sum + w, 0);
  return () => {
    if (random() < 1 / 3) return 0;
    let target = random() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i] ?? 0;
      if (target <= 0) return i + 1;
    }
    return count - 1;
  };
}

export interface BankPlayer {
  id: string;
  cookie: string;
  token: string;
}

const browserHeaders = { 'user-agent': 'Mozilla/5.0 (bank test)', 'content-type': 'application/json' };

export async function signUpPlayers(baseUrl: string, db: Db, count: number): Promise<BankPlayer[]> {
  const players: BankPlayer[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${baseUrl}/api/users`, {
      method: 'POST',
      headers: { ...browserHeaders, 'x-forwarded-for': `203.0.113.${i % 250}` },
      body: JSON.stringify({
        user: {
          email: `bank-${i}-${randomUUID().slice(0, 8)}@example.gr`,
          password: 'correct horse battery',
          country: 'GR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      }),
    });
    if (response.status !== 201)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { id } = (await response.json()) as { id: string };
    const token = await openGameSession(db, { playerId: id, currency, studio, gameCode: 'bank-game' });
    players.push({ id, cookie, token });
  }
  return players;
}

/** What the harness saw: every acknowledged protocol answer by transaction id, and replay mismatches. */
export interface LoadRecord {
  acknowledged: Map<
    string,
    { kind: 'bet' | 'win' | 'rollback'; player: string; body: string; response: WalletResponse }
  >;
  refusedBets: Set<string>;
  /** Bets refused for a stake above the running bonus's maximum bet (RS_ERROR_LIMIT_REACHED). */
  limitRefusedBets: Set<string>;
  /** Withdrawals refused because a bonus runs and the player did not confirm forfeiting it. */
  bonusRefusedWithdrawals: number;
  replayMismatches: string[];
  /** Calls answered RS_ERROR_UNKNOWN (issue 31 item 22: a well-formed call never is), path and body. */
  unknownAnswers: string[];
  deposits: string[];
  withdrawals: string[];
  networkErrors: number;
}

export function newRecord(): LoadRecord {
  return {
    acknowledged: new Map(),
    refusedBets: new Set(),
    limitRefusedBets: new Set(),
    bonusRefusedWithdrawals: 0,
    replayMismatches: [],
    unknownAnswers: [],
    deposits: [],
    withdrawals: [],
    networkErrors: 0,
  };
}

/**
 * The calls answered RS_ERROR_UNKNOWN, each followed by what the server logged as errors meanwhile
 * (the exception behind it), for an assertion's message: empty when every call was answered.
 */
export function unknownAnswers(record: LoadRecord, serverErrors: string[]): string[] {
  if (record.unknownAnswers.length === 0) return [];
  return [...record.unknownAnswers, 'server errors:', ...serverErrors];
}

/** Sends one signed protocol call; retries through network errors (a server restarting) until answered. */
export async function protocolCall(
  baseUrl: string,
  path: string,
  body: string,
  record: LoadRecord,
): Promise<WalletResponse> {
  return untilAnswered(path, record, async () => {
    const response = await fetch(`${baseUrl}/wallet/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-chrysos-studio': studio,
        'x-chrysos-signature': signBody(body, studioSecret),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json()) as WalletResponse;
    if (answer.status === 'RS_ERROR_UNKNOWN') record.unknownAnswers.push(`${path} ${body}`);
    return answer;
  });
}

/**
 * Sends until an answer comes, as a client re-sends what got none: a ceiling, not a budget. A killed
 * server is started again meanwhile, and on a loaded two-core machine its start (importing the
 * server's modules) took 20-25 s, past the 200 quick retries this once allowed.
 */
async function untilAnswered<T>(path: string, record: LoadRecord, send: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + 120_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch {
      record.networkErrors++;
      if (Date.now() > giveUpAt) throw new Error(`no answer from ${path} after ${attempt} attempts`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const paidCard = '4242424242424242';
const declinedCard = '4000000000000002';

/**
 * A deposit as a player makes one: started at the cashier (with a bonus code, if given), then paid (or
 * declined, with `card`) on the sandbox's hosted page. Answers the payment's id, or undefined when the
 * cashier refused to start it. The sandbox confirms it by webhook, after this answers.
 */
export async function depositThroughCashier(
  baseUrl: string,
  player: BankPlayer,
  deposit: { amount: number; bonusCode?: string | undefined; card?: string },
  record: LoadRecord,
): Promise<string | undefined> {
  const started = await httpCall(
    baseUrl,
    '/api/payments/deposits',
    {
      method: 'POST',
      headers: { ...browserHeaders, cookie: player.cookie },
      body: JSON.stringify({
        currency,
        amount_cents: deposit.amount,
        method: 'card',
        ...(deposit.bonusCode ? { bonus_code: deposit.bonusCode } : {}),
      }),
    },
    record,
  );
  if (started.status !== 201) return undefined;
  const { payment, redirect_url: redirectUrl } = (await started.json()) as {
    payment: { id: string };
    redirect_url: string;
  };
  record.deposits.push(payment.id);
  await httpCall(
    baseUrl,
    redirectUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: deposit.card ?? paidCard,
        expiry: '12/39',
        cvc: '123',
        name: 'Bank Test',
        action: 'pay',
      }).toString(),
      redirect: 'manual',
    },
    record,
  );
  return payment.id;
}

/** The player's real money available to cash out, as their accounts page reads it. */
export async function realBalance(baseUrl: string, player: BankPlayer): Promise<number> {
  const response = await fetch(`${baseUrl}/api/player/accounts`, {
    headers: { cookie: player.cookie, 'user-agent': browserHeaders['user-agent'] },
  });
  const accounts = (await response.json()) as { currency: string; available_to_cashout_cents: number }[];
  return accounts.find((account) => account.currency === currency)?.available_to_cashout_cents ?? 0;
}

/** Waits until the sandbox's webhook has credited the player with at least `cents` of real money. */
export const credited = (baseUrl: string, player: BankPlayer, cents: number) =>
  waitUntil(async () => expect(await realBalance(baseUrl, player)).toBeGreaterThanOrEqual(cents), {
    interval: 100,
  });

/** A wallet-protocol call's body for the bank game, with a request id of its own. */
export const protocolBody = (player: BankPlayer, fields: Record<string, unknown>) =>
  JSON.stringify({
    user: player.id,
    token: player.token,
    request_uuid: randomUUID(),
    game_code: 'bank-game',
    currency,
    ...fields,
  });

/**
 * One player's rounds scripted through each path of the protocol while the load runs, so each is taken
 * whatever the interleaving (issue 32): a bet sent twice at once, its win, and the win replayed; a bet
 * rolled back, then a win for it; a rollback of a bet not seen yet, then that bet arriving late; a stake
 * above the balance. The player needs €10 of real money. Answers what went other than the protocol
 * says (empty when all went as it says); acknowledged calls and refused bets join the record, so the
 * ledger checks cover them.
 */
export async function scriptedRounds(baseUrl: string, player: BankPlayer, record: LoadRecord) {
  const problems: string[] = [];
  const call = async (kind: 'bet' | 'win' | 'rollback', fields: Record<string, unknown>) => {
    const body = protocolBody(player, fields);
    const answer = await protocolCall(baseUrl, `transaction/${kind}`, body, record);
    const id = String(fields.transaction_uuid);
    if (answer.status === 'RS_OK')
      record.acknowledged.set(id, { kind, player: player.id, body, response: answer });
    else if (kind === 'bet' && answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY') record.refusedBets.add(id);
    return { answer, body };
  };
  const expectStatus = (what: string, status: string, expected: string) => {
    if (status !== expected) problems.push(`${what}: ${status}, expected ${expected}`);
  };

  const paid = randomUUID();
  const stake = { transaction_uuid: paid, round: paid, amount: 300 };
  const [first, second] = await Promise.all([call('bet', stake), call('bet', stake)]);
  expectStatus('a bet sent twice, first answer', first.answer.status, 'RS_OK');
  expectStatus('a bet sent twice, second answer', second.answer.status, 'RS_OK');
  if (first.answer.balance !== second.answer.balance)
    problems.push(`a bet sent twice answered balances ${first.answer.balance} and ${second.answer.balance}`);
  const win = randomUUID();
  const won = await call('win', {
    transaction_uuid: win,
    reference_transaction_uuid: paid,
    round: paid,
    amount: 450,
    round_closed: true,
  });
  expectStatus('a win', won.answer.status, 'RS_OK');
  const replayed = await protocolCall(baseUrl, 'transaction/win', won.body, record);
  if (replayed.status !== won.answer.status || replayed.balance !== won.answer.balance)
    problems.push(`a replayed win answered ${JSON.stringify(replayed)}, first ${JSON.stringify(won.answer)}`);

  const undone = randomUUID();
  expectStatus(
    'a bet',
    (await call('bet', { transaction_uuid: undone, round: undone, amount: 200 })).answer.status,
    'RS_OK',
  );
  const rollback = { reference_transaction_uuid: undone, round: undone };
  expectStatus(
    'its rollback',
    (await call('rollback', { transaction_uuid: randomUUID(), ...rollback })).answer.status,
    'RS_OK',
  );
  const lateWin = await call('win', {
    transaction_uuid: randomUUID(),
    ...rollback,
    amount: 100,
    round_closed: true,
  });
  expectStatus('a win for a rolled-back bet', lateWin.answer.status, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');

  const unseen = randomUUID();
  const overtaking = await call('rollback', {
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: unseen,
    round: unseen,
  });
  expectStatus('a rollback of a bet not seen yet', overtaking.answer.status, 'RS_OK');
  const late = await call('bet', { transaction_uuid: unseen, round: unseen, amount: 10 });
  expectStatus('the late bet it overtook', late.answer.status, 'RS_ERROR_DUPLICATE_TRANSACTION');

  // €5,000: above the player's balance, below the wallet's largest stake (WALLET_MAX_BET).
  const tooMuch = randomUUID();
  const refused = await call('bet', { transaction_uuid: tooMuch, round: tooMuch, amount: 500_000 });
  expectStatus('a stake above the balance', refused.answer.status, 'RS_ERROR_NOT_ENOUGH_MONEY');
  return problems;
}

async function httpCall(
  baseUrl: string,
  path: string,
  init: RequestInit,
  record: LoadRecord,
): Promise<Response> {
  return untilAnswered(path, record, () =>
    fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) }),
  );
}

interface LoadOptions {
  baseUrl: string;
  players: BankPlayer[];
  operations: number;
  concurrency: number;
  seed: number;
  record: LoadRecord;
  /** Called between operations; the crash test kills the server from here. */
  onProgress?: (done: number) => Promise<void> | void;
  /** Bonus play (the bonus bank test); without it the load is the plain bank test's. */
  bonus?: BonusLoad;
}

/** What a load with bonuses adds: deposit codes, forfeits on withdrawal, and the bonus operations. */
export interface BonusLoad {
  /** The bonus code a deposit carries, if any. */
  depositCode: (random: () => number) => string | undefined;
  /** Whether a withdrawal confirms forfeiting the running bonus. */
  forfeitBonus: (random: () => number) => boolean;
  /** Operations mixed into the load, each taking its share of it (coupons, activations, cancels…). */
  operations: { share: number; run: (player: BankPlayer, random: () => number) => Promise<void> }[];
}

/**
 * Runs the mixed load: bets (some sent twice at once), wins and rollbacks of acknowledged bets,
 * rollbacks of unknown bets followed by the late bet, deposits through the sandbox's hosted page,
 * withdrawals and cancellations, then replays a sample of acknowledged calls.
 */
export async function runLoad(options: LoadOptions): Promise<void> {
  const { baseUrl, players, record } = options;
  const random = seededRandom(options.seed);
  const pick = skewedPicker(players.length, random);
  const betsOf = new Map<string, string[]>();
  let done = 0;

  const acknowledge = (
    kind: 'bet' | 'win' | 'rollback',
    player: BankPlayer,
    id: string,
    body: string,
    response: WalletResponse,
  ) => {
    if (response.status === 'RS_OK') record.acknowledged.set(id, { kind, player: player.id, body, response });
    else if (kind === 'bet' && response.status === 'RS_ERROR_NOT_ENOUGH_MONEY') record.refusedBets.add(id);
    else if (kind === 'bet' && response.status === 'RS_ERROR_LIMIT_REACHED') record.limitRefusedBets.add(id);
  };

  async function bet(player: BankPlayer) {
    const id = randomUUID();
    const body = protocolBody(player, {
      transaction_uuid: id,
      round: id,
      amount: 1 + Math.floor(random() * 500),
    });
    // One bet in ten is sent twice at the same moment, as a retrying studio would.
    const twice = random() < 0.1;
    const [first, second] = await Promise.all([
      protocolCall(baseUrl, 'transaction/bet', body, record),
      twice ? protocolCall(baseUrl, 'transaction/bet', body, record) : Promise.resolve(null),
    ]);
    // Two acknowledgements of one bet must describe one booking: the same balance after it.
    if (second?.status === 'RS_OK' && first.status === 'RS_OK' && second.balance !== first.balance) {
      record.replayMismatches.push(`bet ${id} sent twice: balances ${first.balance} and ${second.balance}`);
    }
    // A refusal and an acceptance are both possible when the balance changed in between.
    const answer = second?.status === 'RS_OK' ? second : first;
    acknowledge('bet', player, id, body, answer);
    if (answer.status === 'RS_OK') betsOf.set(player.id, [...(betsOf.get(player.id) ?? []), id]);
  }

  async function settle(player: BankPlayer, kind: 'win' | 'rollback') {
    const bets = betsOf.get(player.id) ?? [];
    const unknown = kind === 'rollback' && random() < 0.25;
    const reference = unknown ? randomUUID() : bets[Math.floor(random() * bets.length)];
    if (!reference) return bet(player);
    const id = randomUUID();
    const fields = { transaction_uuid: id, reference_transaction_uuid: reference, round: reference };
    const body =
      kind === 'win'
        ? protocolBody(player, { ...fields, amount: Math.floor(random() * 1_000), round_closed: true })
        : protocolBody(player, fields);
    const settled = await protocolCall(baseUrl, `transaction/${kind}`, body, record);
    acknowledge(kind, player, id, body, settled);
    if (unknown) {
      // The bet the rollback overtook arrives late and must be refused.
      const lateBody = protocolBody(player, { transaction_uuid: reference, round: reference, amount: 10 });
      const late = await protocolCall(baseUrl, 'transaction/bet', lateBody, record);
      if (late.status === 'RS_OK') {
        record.replayMismatches.push(`late bet ${reference} was accepted (its rollback: ${settled.status})`);
      }
    }
  }

  async function deposit(player: BankPlayer) {
    const bonusCode = options.bonus?.depositCode(random);
    const amount = 1_000 + Math.floor(random() * 20_000);
    const card = random() < 0.8 ? paidCard : declinedCard;
    await depositThroughCashier(baseUrl, player, { amount, bonusCode, card }, record);
  }

  async function withdraw(player: BankPlayer) {
    const headers = { ...browserHeaders, cookie: player.cookie };
    const response = await httpCall(
      baseUrl,
      '/api/payments/withdrawals',
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          currency,
          amount_cents: 2_000 + Math.floor(random() * 15_000),
          method: 'card',
          ...(options.bonus?.forfeitBonus(random) ? { forfeit_bonus: true } : {}),
        }),
      },
      record,
    );
    if (response.status === 409) {
      const { codes } = (await response.json()) as { codes?: Record<string, string[]> };
      if (codes?.forfeit_bonus?.includes('cashier.bonus_active')) record.bonusRefusedWithdrawals++;
    }
    if (response.status !== 201) return;
    const created = (await response.json()) as { id: string; status: string };
    record.withdrawals.push(created.id);
    if (created.status === 'pending' && random() < 0.5) {
      await httpCall(
        baseUrl,
        `/api/payments/withdrawals/${created.id}`,
        { method: 'DELETE', headers: { ...browserHeaders, cookie: player.cookie } },
        record,
      );
    }
  }

  // Everyone starts with money, so bets are not all refused.
  await Promise.all(players.map((player) => deposit(player)));

  async function worker() {
    while (done < options.operations) {
      done++;
      const player = players[pick()] as BankPlayer;
      const extra = options.bonus ? pickOperation(options.bonus.operations, random()) : undefined;
      if (extra) await extra.run(player, random);
      else {
        const roll = random();
        if (roll < 0.5) await bet(player);
        else if (roll < 0.75) await settle(player, 'win');
        else if (roll < 0.85) await settle(player, 'rollback');
        else if (roll < 0.93) await deposit(player);
        else await withdraw(player);
      }
      await options.onProgress?.(done);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));

  // Replays of a sample of acknowledged calls must get the original answers.
  const sample = [...record.acknowledged.entries()].filter(() => random() < 0.2);
  await Promise.all(
    sample.map(async ([id, call]) => {
      const replay = await protocolCall(baseUrl, `transaction/${call.kind}`, call.body, record);
      if (replay.status !== call.response.status || replay.balance !== call.response.balance) {
        record.replayMismatches.push(
          `${call.kind} ${id}: ${JSON.stringify(call.response)} then ${JSON.stringify(replay)}`,
        );
      }
    }),
  );
}

/** The operation whose share `roll` falls in, or none (the rest of the load is the usual mix). */
function pickOperation<T extends { share: number }>(operations: T[], roll: number): T | undefined {
  let left = roll;
  for (const operation of operations) {
    if (left < operation.share) return operation;
    left -= operation.share;
  }
  return undefined;
}

/**
 * Closes every round still open: a win (0 for a lost round) for each acknowledged bet that no
 * acknowledged win or rollback answers yet, as studios settle their rounds in the end.
 */
export async function settleOpenBets(baseUrl: string, players: BankPlayer[], record: LoadRecord) {
  const answered = new Set<string>();
  for (const call of record.acknowledged.values()) {
    if (call.kind !== 'bet')
      answered.add(
        (JSON.parse(call.body) as { reference_transaction_uuid: string }).reference_transaction_uuid,
      );
  }
  const tokens = new Map(players.map((player) => [player.id, player.token]));
  const open = [...record.acknowledged].filter(([id, call]) => call.kind === 'bet' && !answered.has(id));
  for (let i = 0; i < open.length; i += 16) {
    await Promise.all(
      open.slice(i, i + 16).map(async ([bet, call], at) => {
        const id = randomUUID();
        const body = JSON.stringify({
          user: call.player,
          token: tokens.get(call.player),
          request_uuid: randomUUID(),
          game_code: 'bank-game',
          currency,
          transaction_uuid: id,
          reference_transaction_uuid: bet,
          round: bet,
          amount: (i + at) % 3 === 0 ? 0 : 50 * ((i + at) % 7),
          round_closed: true,
        });
        const response = await protocolCall(baseUrl, 'transaction/win', body, record);
        if (response.status === 'RS_OK')
          record.acknowledged.set(id, { kind: 'win', player: call.player, body, response });
      }),
    );
  }
}

/** Waits until the sandbox has delivered every webhook it owes and no payout is in flight. */
export async function settleCashier(db: Db): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const [owed] = (
      (await db.execute(sql`
        select
          (select count(*) from sandbox_psp_operations where pending_event is not null and delivered_at is null and next_delivery_at is not null) as webhooks,
          (select count(*) from sandbox_psp_operations where status = 'awaiting_card') as unpaid,
          (select count(*) from payments where kind = 'withdrawal' and status = 'approved') as payouts
      `)) as unknown as { rows: { webhooks: string; payouts: string }[] }
    ).rows;
    if (Number(owed?.webhooks) === 0 && Number(owed?.payouts) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the sandbox PSP did not settle');
}

/** Every acknowledged call booked exactly once, every refused bet not at all, every payment state backed by its bookings. */
export async function bookingProblems(db: Db, record: LoadRecord): Promise<string[]> {
  const problems: string[] = [];
  const keys = [...record.acknowledged.keys(), ...record.refusedBets, ...record.limitRefusedBets].map(
    (id) => `${studio}:${id}`,
  );
  const counts = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .select({ key: schema.ledgerTransactions.idempotencyKey, count: sql<string>`count(*)` })
      .from(schema.ledgerTransactions)
      .where(inArray(schema.ledgerTransactions.idempotencyKey, keys.slice(i, i + 500)))
      .groupBy(schema.ledgerTransactions.idempotencyKey);
    for (const row of rows) counts.set(row.key, Number(row.count));
  }
  for (const [id, call] of record.acknowledged) {
    const count = counts.get(`${studio}:${id}`) ?? 0;
    if (count !== 1) problems.push(`acknowledged ${call.kind} ${id} booked ${count} times`);
  }
  for (const id of [...record.refusedBets, ...record.limitRefusedBets]) {
    if (counts.has(`${studio}:${id}`)) problems.push(`refused bet ${id} was booked`);
  }
  // Whichever of a bet's win and rollback is booked first decides: never both acknowledged.
  const settledBy = new Map<string, Set<string>>();
  for (const call of record.acknowledged.values()) {
    if (call.kind === 'bet') continue;
    const { reference_transaction_uuid: bet } = JSON.parse(call.body) as {
      reference_transaction_uuid: string;
    };
    settledBy.set(bet, (settledBy.get(bet) ?? new Set()).add(call.kind));
  }
  for (const [bet, kinds] of settledBy) {
    if (kinds.size > 1) problems.push(`bet ${bet} was both paid a win and rolled back`);
  }
  const payments = await db.select().from(schema.payments);
  const booked = new Set(
    (
      await db
        .select({ key: schema.ledgerTransactions.idempotencyKey })
        .from(schema.ledgerTransactions)
        .where(
          sql`${schema.ledgerTransactions.kind} in ('deposit', 'withdrawal_hold', 'withdrawal_release', 'payout')`,
        )
    ).map((row) => row.key),
  );
  for (const payment of payments) {
    const has = (key: string) => booked.has(key);
    const expect = (condition: boolean, what: string) => {
      if (!condition) problems.push(`${payment.kind} ${payment.id} (${payment.status}): ${what}`);
    };
    if (payment.kind === 'deposit') {
      expect(
        has(`deposit:${payment.id}`) === (payment.status === 'succeeded'),
        'credited exactly when succeeded',
      );
    } else {
      expect(has(`withdrawal:${payment.id}:hold`), 'money held');
      expect(has(`payout:${payment.id}`) === (payment.status === 'paid'), 'paid out exactly when paid');
      expect(
        has(`withdrawal:${payment.id}:release`) ===
          ['cancelled', 'rejected', 'failed'].includes(payment.status),
        'released exactly when cancelled, rejected or failed',
      );
    }
  }
  return problems;
}
