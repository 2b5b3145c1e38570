// Written by `npm run refs -w @chrysos/contract` from the endpoint descriptors; do not edit.
// The references browsers call through: method, base, path and version, with the endpoint as a type
// only, so no zod schema reaches a page (docs/decisions/0017). A stale line fails the typecheck.
import { ref } from './endpoint.ts';
import type * as contract from './index.ts';

export const endpoints = {
  cashier: {
    methods: ref<typeof contract.cashierApi.methods>('GET', '/api', '/payments/methods', 1),
    startDeposit: ref<typeof contract.cashierApi.startDeposit>('POST', '/api', '/payments/deposits', 1),
    requestWithdrawal: ref<typeof contract.cashierApi.requestWithdrawal>(
      'POST',
      '/api',
      '/payments/withdrawals',
      1,
    ),
    cancelWithdrawal: ref<typeof contract.cashierApi.cancelWithdrawal>(
      'DELETE',
      '/api',
      '/payments/withdrawals/:id',
      1,
    ),
    payments: ref<typeof contract.cashierApi.payments>('GET', '/api', '/player/payments', 1),
    payment: ref<typeof contract.cashierApi.payment>('GET', '/api', '/player/payments/:id', 1),
  },
  cashierOperator: {
    pendingWithdrawals: ref<typeof contract.cashierOperatorApi.pendingWithdrawals>(
      'GET',
      '/api',
      '/operator/withdrawals',
      1,
    ),
    approveWithdrawal: ref<typeof contract.cashierOperatorApi.approveWithdrawal>(
      'POST',
      '/api',
      '/operator/withdrawals/:id/approve',
      1,
    ),
    rejectWithdrawal: ref<typeof contract.cashierOperatorApi.rejectWithdrawal>(
      'POST',
      '/api',
      '/operator/withdrawals/:id/reject',
      1,
    ),
  },
  content: {
    query: ref<typeof contract.contentApi.query>('POST', '/api', '/content/query', 1),
  },
  info: {
    currencies: ref<typeof contract.infoApi.currencies>('GET', '/api', '/info/currencies', 1),
    countries: ref<typeof contract.infoApi.countries>('GET', '/api', '/info/countries', 1),
    dialCodes: ref<typeof contract.infoApi.dialCodes>('GET', '/api', '/info/dial_codes', 1),
    project: ref<typeof contract.infoApi.project>('GET', '/api', '/info/project', 1),
    currentIp: ref<typeof contract.infoApi.currentIp>('GET', '/api', '/current_ip', 1),
  },
  notifications: {
    readRecords: ref<typeof contract.notificationsApi.readRecords>(
      'GET',
      '/api',
      '/player/notification_reads',
      1,
    ),
    addReadRecords: ref<typeof contract.notificationsApi.addReadRecords>(
      'POST',
      '/api',
      '/player/notification_reads',
      1,
    ),
    pushKey: ref<typeof contract.notificationsApi.pushKey>(
      'GET',
      '/api',
      '/player/push_subscriptions/key',
      1,
    ),
    subscribePush: ref<typeof contract.notificationsApi.subscribePush>(
      'POST',
      '/api',
      '/player/push_subscriptions',
      1,
    ),
    unsubscribePush: ref<typeof contract.notificationsApi.unsubscribePush>(
      'DELETE',
      '/api',
      '/player/push_subscriptions',
      1,
    ),
  },
  support: {
    sendContactMessage: ref<typeof contract.supportApi.sendContactMessage>(
      'POST',
      '/api',
      '/send_contact_message',
      1,
    ),
  },
  wallet: {
    accounts: ref<typeof contract.walletApi.accounts>('GET', '/api', '/player/accounts', 1),
    switchAccount: ref<typeof contract.walletApi.switchAccount>('POST', '/api', '/player/accounts', 1),
    transactions: ref<typeof contract.walletApi.transactions>('GET', '/api', '/player/transactions', 1),
    transactionsCsv: ref<typeof contract.walletApi.transactionsCsv>(
      'GET',
      '/api',
      '/player/transactions.csv',
      1,
    ),
  },
} as const;
