/** Where the wallet answers each call (docs/wallet-protocol.md). */
export const walletPaths = {
  balance: '/wallet/user/balance',
  bet: '/wallet/transaction/bet',
  win: '/wallet/transaction/win',
  rollback: '/wallet/transaction/rollback',
} as const;
export type WalletCall = keyof typeof walletPaths;
