/** What other modules may use of wallet: the only file they import from it. */
export {
  activeCurrency,
  listAccounts,
  listAccountsAfter,
  listAccountsAfterEach,
  openChosenAccount,
  openFirstAccount,
} from './accounts.ts';
export { openGameSession } from './game-sessions.ts';
export { auditLedger, betsPaidAndRefunded } from './invariants.ts';
export { InsufficientFunds } from './ledger.ts';
export { type FreeBet, Wallet } from './wallet.ts';
