/** What other modules may use of wallet: the only file they import from it. */
import type { HistoryLabels } from './history.ts';
import type { Wallet } from './wallet.ts';

export {
  activeAccountCurrency,
  activeAccountCurrencySql,
  activeCurrency,
  heldCurrencies,
  listAccounts,
  listAccountsAfter,
  listAccountsAfterEach,
  openFirstAccount,
} from './accounts.ts';
export { openGameSession } from './game-sessions.ts';
export { auditLedger, betsPaidAndRefunded } from './invariants.ts';
export { InsufficientFunds } from './ledger.ts';
export {
  type BookedTransaction,
  betsGivingMore,
  betsOpenSince,
  bonusBalanceSql,
  bonusBalances,
  endGameSessions,
  entrySumOfKind,
  entrySums,
  latestTransactionId,
  legsOn,
  payoutsNotBooked,
  playSince,
  realMoneyLoss,
  realMoneyNetOf,
  type TransactionLeg,
  transactionByKey,
} from './ledger-reads.ts';
export { type PlayerRound, roundOfPlayer } from './round-of-player.ts';
export { type PlayerRoundSummary, roundsOfPlayer } from './rounds-of-player.ts';
export { type FreeBet, Wallet } from './wallet.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    wallet: Wallet;
    /** Names for the movements of a player's history, given by the games catalogue and the cashier. */
    walletHistory: HistoryLabels;
  }
}
