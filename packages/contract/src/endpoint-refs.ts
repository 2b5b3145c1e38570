// Written by `npm run refs -w @chrysos/contract` from the endpoint descriptors; do not edit.
// The references browsers call through: method, base, path and version, with the endpoint as a type
// only, so no zod schema reaches a page (docs/decisions/0017). A stale line fails the typecheck.
import { ref } from './endpoint.ts';
import type * as contract from './index.ts';

export const endpoints = {
  adjustmentOperator: {
    request: ref<typeof contract.adjustmentOperatorApi.request>(
      'POST',
      '/api',
      '/operator/players/:id/adjustments',
      1,
    ),
    list: ref<typeof contract.adjustmentOperatorApi.list>('GET', '/api', '/operator/adjustments', 1),
    approve: ref<typeof contract.adjustmentOperatorApi.approve>(
      'POST',
      '/api',
      '/operator/adjustments/:id/approve',
      1,
    ),
    reject: ref<typeof contract.adjustmentOperatorApi.reject>(
      'POST',
      '/api',
      '/operator/adjustments/:id/reject',
      1,
    ),
  },
  analytics: {
    settings: ref<typeof contract.analyticsApi.settings>(
      'GET',
      '/analytics',
      '/v1/projects/:writeKey/settings',
      1,
    ),
    event: ref<typeof contract.analyticsApi.event>('POST', '/analytics', '/v1/:letter', 1),
    batch: ref<typeof contract.analyticsApi.batch>('POST', '/analytics', '/v1/b', 1),
    batchAtSegmentPath: ref<typeof contract.analyticsApi.batchAtSegmentPath>(
      'POST',
      '/analytics',
      '/v1/batch',
      1,
    ),
    metrics: ref<typeof contract.analyticsApi.metrics>('POST', '/analytics', '/v1/m', 1),
    sessionEnd: ref<typeof contract.analyticsApi.sessionEnd>('POST', '/api', '/send-event', 1),
    collectStats: ref<typeof contract.analyticsApi.collectStats>('POST', '/api', '/v2/collect-stats', 1),
    collectStatsMany: ref<typeof contract.analyticsApi.collectStatsMany>(
      'POST',
      '/api',
      '/v2/collect-stats/many',
      1,
    ),
  },
  analyticsOperator: {
    events: ref<typeof contract.analyticsOperatorApi.events>('GET', '/api', '/operator/analytics/events', 1),
  },
  auditOperator: {
    rows: ref<typeof contract.auditOperatorApi.rows>('GET', '/api', '/operator/audit_log', 1),
    verify: ref<typeof contract.auditOperatorApi.verify>(
      'GET',
      '/api',
      '/operator/audit_log/verification',
      1,
    ),
  },
  auth: {
    captchaChallenge: ref<typeof contract.authApi.captchaChallenge>('GET', '/api', '/captcha/challenge', 1),
    signUp: ref<typeof contract.authApi.signUp>('POST', '/api', '/users', 1),
    signIn: ref<typeof contract.authApi.signIn>('POST', '/api', '/users/sign_in', 1),
    signOut: ref<typeof contract.authApi.signOut>('DELETE', '/api', '/users/sign_out', 1),
    requestPasswordReset: ref<typeof contract.authApi.requestPasswordReset>(
      'POST',
      '/api',
      '/users/password',
      1,
    ),
    resendConfirmation: ref<typeof contract.authApi.resendConfirmation>(
      'POST',
      '/api',
      '/users/confirmation',
      1,
    ),
    resendUnlock: ref<typeof contract.authApi.resendUnlock>('POST', '/api', '/users/unlock', 1),
    resetPassword: ref<typeof contract.authApi.resetPassword>('PUT', '/api', '/users/password', 1),
    confirmEmail: ref<typeof contract.authApi.confirmEmail>('GET', '/api', '/users/confirmation', 1),
    unlock: ref<typeof contract.authApi.unlock>('GET', '/api', '/users/unlock', 1),
    validateEmail: ref<typeof contract.authApi.validateEmail>('POST', '/api', '/v2/validate-email', 1),
    authProviders: ref<typeof contract.authApi.authProviders>('GET', '/api', '/info/auth_providers', 1),
    updateDetails: ref<typeof contract.authApi.updateDetails>(
      'POST',
      '/api',
      '/auth_providers/update_details',
      1,
    ),
  },
  authOperator: {
    sendPasswordReset: ref<typeof contract.authOperatorApi.sendPasswordReset>(
      'POST',
      '/api',
      '/operator/players/:id/password_reset',
      1,
    ),
  },
  bonuses: {
    list: ref<typeof contract.bonusesApi.list>('GET', '/api', '/player/bonuses/', 1),
    activate: ref<typeof contract.bonusesApi.activate>('POST', '/api', '/player/bonuses/:id/activation', 1),
    cancel: ref<typeof contract.bonusesApi.cancel>('DELETE', '/api', '/player/bonuses/:id', 1),
    redeemCoupon: ref<typeof contract.bonusesApi.redeemCoupon>('POST', '/api', '/bonuses/coupon', 1),
    depositOffers: ref<typeof contract.bonusesApi.depositOffers>('GET', '/api', '/player/deposit_offers', 1),
  },
  bonusOperator: {
    campaigns: ref<typeof contract.bonusOperatorApi.campaigns>('GET', '/api', '/operator/bonus_campaigns', 1),
    putCampaign: ref<typeof contract.bonusOperatorApi.putCampaign>(
      'PUT',
      '/api',
      '/operator/bonus_campaigns/:id',
      1,
    ),
    grant: ref<typeof contract.bonusOperatorApi.grant>('POST', '/api', '/operator/players/:id/bonuses', 1),
    playerBonuses: ref<typeof contract.bonusOperatorApi.playerBonuses>(
      'GET',
      '/api',
      '/operator/players/:id/bonuses',
      1,
    ),
  },
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
  crm: {
    send: ref<typeof contract.crmApi.send>('POST', '/api', '/operator/players/:id/crm_events', 1),
  },
  exclusions: {
    list: ref<typeof contract.exclusionsApi.list>('GET', '/api', '/player/exclusions', 1),
    take: ref<typeof contract.exclusionsApi.take>('POST', '/api', '/player/exclusions', 1),
    lift: ref<typeof contract.exclusionsApi.lift>('POST', '/api', '/player/exclusions/:id/lift', 1),
  },
  exclusionsOperator: {
    list: ref<typeof contract.exclusionsOperatorApi.list>(
      'GET',
      '/api',
      '/operator/players/:id/exclusions',
      1,
    ),
    set: ref<typeof contract.exclusionsOperatorApi.set>(
      'POST',
      '/api',
      '/operator/players/:id/exclusions',
      1,
    ),
  },
  experimentOperator: {
    list: ref<typeof contract.experimentOperatorApi.list>('GET', '/api', '/operator/experiments', 1),
    put: ref<typeof contract.experimentOperatorApi.put>('PUT', '/api', '/operator/experiments/:id', 1),
    get: ref<typeof contract.experimentOperatorApi.get>('GET', '/api', '/operator/experiments/:id', 1),
  },
  experiments: {
    ab: ref<typeof contract.experimentsApi.ab>('GET', '/api', '/v2/ab/:testId', 1),
  },
  freespins: {
    list: ref<typeof contract.freespinsApi.list>('GET', '/api', '/player/freespins/', 1),
    activate: ref<typeof contract.freespinsApi.activate>(
      'POST',
      '/api',
      '/player/freespins/:id/activation',
      1,
    ),
    cancel: ref<typeof contract.freespinsApi.cancel>('DELETE', '/api', '/player/freespins/:id', 1),
  },
  games: {
    providers: ref<typeof contract.gamesApi.providers>('GET', '/api', '/games/providers', 2),
    filter: ref<typeof contract.gamesApi.filter>('POST', '/api', '/games_filter', 2),
    select: ref<typeof contract.gamesApi.select>('POST', '/api', '/games_filter/select', 2),
    selectBySeoTitles: ref<typeof contract.gamesApi.selectBySeoTitles>(
      'POST',
      '/api',
      '/games_filter/select_by_seo_titles',
      2,
    ),
    launchOptions: ref<typeof contract.gamesApi.launchOptions>(
      'GET',
      '/api',
      '/games/launch_options/:provider/:game',
      2,
    ),
    proxyScriptUrl: ref<typeof contract.gamesApi.proxyScriptUrl>(
      'GET',
      '/api',
      '/settings/games_proxy_script_url',
      2,
    ),
    favorites: ref<typeof contract.gamesApi.favorites>('GET', '/api', '/player/favorite_games', 2),
    addFavorite: ref<typeof contract.gamesApi.addFavorite>('PUT', '/api', '/player/favorite_games/:id', 2),
    removeFavorite: ref<typeof contract.gamesApi.removeFavorite>(
      'DELETE',
      '/api',
      '/player/favorite_games/:id',
      2,
    ),
    recentGames: ref<typeof contract.gamesApi.recentGames>('GET', '/api', '/player/recent_games', 2),
  },
  groups: {
    check: ref<typeof contract.groupsApi.check>('GET', '/api', '/player/groups/:id', 1),
    sync: ref<typeof contract.groupsApi.sync>('POST', '/api', '/v2/groups', 1),
  },
  groupsOperator: {
    list: ref<typeof contract.groupsOperatorApi.list>('GET', '/api', '/operator/players/:id/groups', 1),
    change: ref<typeof contract.groupsOperatorApi.change>('PATCH', '/api', '/operator/players/:id/groups', 1),
    replace: ref<typeof contract.groupsOperatorApi.replace>('PUT', '/api', '/operator/players/:id/groups', 1),
  },
  info: {
    currencies: ref<typeof contract.infoApi.currencies>('GET', '/api', '/info/currencies', 1),
    countries: ref<typeof contract.infoApi.countries>('GET', '/api', '/info/countries', 1),
    dialCodes: ref<typeof contract.infoApi.dialCodes>('GET', '/api', '/info/dial_codes', 1),
    project: ref<typeof contract.infoApi.project>('GET', '/api', '/info/project', 1),
    currentIp: ref<typeof contract.infoApi.currentIp>('GET', '/api', '/current_ip', 1),
  },
  jackpot: {
    current: ref<typeof contract.jackpotApi.current>('GET', '/api', '/jackpots', 1),
    cycles: ref<typeof contract.jackpotApi.cycles>('GET', '/api', '/jackpots/cycles', 1),
  },
  jackpotOperator: {
    forceDrop: ref<typeof contract.jackpotOperatorApi.forceDrop>(
      'POST',
      '/api',
      '/operator/jackpots/:currency/:tier/drop',
      1,
    ),
  },
  limits: {
    list: ref<typeof contract.limitsApi.list>('GET', '/api', '/player/limits', 1),
    set: ref<typeof contract.limitsApi.set>('PUT', '/api', '/player/limits', 1),
    remove: ref<typeof contract.limitsApi.remove>('DELETE', '/api', '/player/limits/:kind/:period', 1),
    cancelPending: ref<typeof contract.limitsApi.cancelPending>(
      'DELETE',
      '/api',
      '/player/limits/:kind/:period/pending',
      1,
    ),
  },
  limitsOperator: {
    list: ref<typeof contract.limitsOperatorApi.list>('GET', '/api', '/operator/players/:id/limits', 1),
  },
  lootboxes: {
    list: ref<typeof contract.lootboxesApi.list>('GET', '/api', '/player/lootboxes', 1),
    open: ref<typeof contract.lootboxesApi.open>('POST', '/api', '/player/lootboxes/:id/activation', 1),
  },
  lottery: {
    overview: ref<typeof contract.lotteryApi.overview>('GET', '/api', '/lottery', 1),
    draw: ref<typeof contract.lotteryApi.draw>('GET', '/api', '/lottery/draws/:id', 1),
    player: ref<typeof contract.lotteryApi.player>('GET', '/api', '/player/lottery', 1),
  },
  loyalty: {
    compPoints: ref<typeof contract.loyaltyApi.compPoints>('GET', '/api', '/player/comp_points', 1),
    exchange: ref<typeof contract.loyaltyApi.exchange>('POST', '/api', '/player/comp_points/exchange', 1),
  },
  loyaltyOperator: {
    playerPoints: ref<typeof contract.loyaltyOperatorApi.playerPoints>(
      'GET',
      '/api',
      '/operator/players/:id/comp_points',
      1,
    ),
    grantPoints: ref<typeof contract.loyaltyOperatorApi.grantPoints>(
      'POST',
      '/api',
      '/operator/players/:id/comp_points',
      1,
    ),
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
  operator: {
    signIn: ref<typeof contract.operatorApi.signIn>('POST', '/api', '/operator/session', 1),
    signOut: ref<typeof contract.operatorApi.signOut>('DELETE', '/api', '/operator/session', 1),
    me: ref<typeof contract.operatorApi.me>('GET', '/api', '/operator/me', 1),
    listTokens: ref<typeof contract.operatorApi.listTokens>('GET', '/api', '/operator/api_tokens', 1),
    createToken: ref<typeof contract.operatorApi.createToken>('POST', '/api', '/operator/api_tokens', 1),
    listOperators: ref<typeof contract.operatorApi.listOperators>('GET', '/api', '/operator/operators', 1),
    createOperator: ref<typeof contract.operatorApi.createOperator>('POST', '/api', '/operator/operators', 1),
    revokeToken: ref<typeof contract.operatorApi.revokeToken>(
      'DELETE',
      '/api',
      '/operator/api_tokens/:id',
      1,
    ),
  },
  paymentsOperator: {
    list: ref<typeof contract.paymentsOperatorApi.list>('GET', '/api', '/operator/payments', 1),
    hold: ref<typeof contract.paymentsOperatorApi.hold>(
      'GET',
      '/api',
      '/operator/players/:id/withdrawal_hold',
      1,
    ),
    placeHold: ref<typeof contract.paymentsOperatorApi.placeHold>(
      'POST',
      '/api',
      '/operator/players/:id/withdrawal_hold',
      1,
    ),
    liftHold: ref<typeof contract.paymentsOperatorApi.liftHold>(
      'POST',
      '/api',
      '/operator/players/:id/withdrawal_hold/lift',
      1,
    ),
  },
  playerAccountOperator: {
    suspend: ref<typeof contract.playerAccountOperatorApi.suspend>(
      'POST',
      '/api',
      '/operator/players/:id/suspend',
      1,
    ),
    reinstate: ref<typeof contract.playerAccountOperatorApi.reinstate>(
      'POST',
      '/api',
      '/operator/players/:id/reinstate',
      1,
    ),
    close: ref<typeof contract.playerAccountOperatorApi.close>(
      'POST',
      '/api',
      '/operator/players/:id/close',
      1,
    ),
  },
  playerActivityOperator: {
    ledger: ref<typeof contract.playerActivityOperatorApi.ledger>(
      'GET',
      '/api',
      '/operator/players/:id/ledger',
      1,
    ),
    rounds: ref<typeof contract.playerActivityOperatorApi.rounds>(
      'GET',
      '/api',
      '/operator/players/:id/rounds',
      1,
    ),
    sessions: ref<typeof contract.playerActivityOperatorApi.sessions>(
      'GET',
      '/api',
      '/operator/players/:id/sessions',
      1,
    ),
  },
  player: {
    player: ref<typeof contract.playerApi.player>('GET', '/api', '/player', 1),
    fields: ref<typeof contract.playerApi.fields>('GET', '/api', '/info/player_fields', 1),
    update: ref<typeof contract.playerApi.update>('PATCH', '/api', '/player', 1),
    settings: ref<typeof contract.playerApi.settings>('GET', '/api', '/player/settings', 1),
    updateLocale: ref<typeof contract.playerApi.updateLocale>('PATCH', '/api', '/player/update_locale', 1),
    addGroups: ref<typeof contract.playerApi.addGroups>('POST', '/api', '/player/groups', 1),
  },
  playerNotes: {
    list: ref<typeof contract.playerNotesApi.list>('GET', '/api', '/operator/players/:id/notes', 1),
    add: ref<typeof contract.playerNotesApi.add>('POST', '/api', '/operator/players/:id/notes', 1),
  },
  playerOperator: {
    search: ref<typeof contract.playerOperatorApi.search>('GET', '/api', '/operator/players', 1),
    overview: ref<typeof contract.playerOperatorApi.overview>('GET', '/api', '/operator/players/:id', 1),
  },
  privacyPolicy: {
    status: ref<typeof contract.privacyPolicyApi.status>('GET', '/api', '/player/privacy_policy', 1),
    accept: ref<typeof contract.privacyPolicyApi.accept>(
      'POST',
      '/api',
      '/player/privacy_policy/acceptance',
      1,
    ),
  },
  realityCheck: {
    sessionSummary: ref<typeof contract.realityCheckApi.sessionSummary>(
      'GET',
      '/api',
      '/player/session_summary',
      1,
    ),
  },
  riskCaseOperator: {
    list: ref<typeof contract.riskCaseOperatorApi.list>('GET', '/api', '/operator/cases', 1),
    show: ref<typeof contract.riskCaseOperatorApi.show>('GET', '/api', '/operator/cases/:id', 1),
    assign: ref<typeof contract.riskCaseOperatorApi.assign>('POST', '/api', '/operator/cases/:id/assign', 1),
    resolve: ref<typeof contract.riskCaseOperatorApi.resolve>(
      'POST',
      '/api',
      '/operator/cases/:id/resolve',
      1,
    ),
    interventions: ref<typeof contract.riskCaseOperatorApi.interventions>(
      'GET',
      '/api',
      '/operator/players/:id/interventions',
      1,
    ),
    intervene: ref<typeof contract.riskCaseOperatorApi.intervene>(
      'POST',
      '/api',
      '/operator/players/:id/interventions',
      1,
    ),
  },
  studio: {
    session: ref<typeof contract.studioApi.session>('GET', '/games-api', '/session', 1),
    play: ref<typeof contract.studioApi.play>('POST', '/games-api', '/rounds', 1),
    act: ref<typeof contract.studioApi.act>('POST', '/games-api', '/rounds/:id/actions', 1),
    history: ref<typeof contract.studioApi.history>('GET', '/games-api', '/rounds', 1),
    round: ref<typeof contract.studioApi.round>('GET', '/games-api', '/rounds/:id', 1),
    rotateSeed: ref<typeof contract.studioApi.rotateSeed>('PUT', '/games-api', '/seeds', 1),
    revealedSeeds: ref<typeof contract.studioApi.revealedSeeds>('GET', '/games-api', '/seeds/revealed', 1),
    verify: ref<typeof contract.studioApi.verify>('POST', '/games-api', '/verify', 1),
  },
  support: {
    sendContactMessage: ref<typeof contract.supportApi.sendContactMessage>(
      'POST',
      '/api',
      '/send_contact_message',
      1,
    ),
  },
  tournaments: {
    list: ref<typeof contract.tournamentsApi.list>('GET', '/api', '/tournaments', 1),
    recent: ref<typeof contract.tournamentsApi.recent>('GET', '/api', '/tournaments/recent', 1),
    statuses: ref<typeof contract.tournamentsApi.statuses>('GET', '/api', '/tournaments/statuses', 1),
    confirm: ref<typeof contract.tournamentsApi.confirm>('POST', '/api', '/tournaments/:id/confirm', 1),
    detail: ref<typeof contract.tournamentsApi.detail>('GET', '/api', '/tournaments/:id', 1),
  },
  verification: {
    documents: ref<typeof contract.verificationApi.documents>('GET', '/api', '/player/documents', 1),
    upload: ref<typeof contract.verificationApi.upload>('POST', '/api', '/player/documents', 1),
    file: ref<typeof contract.verificationApi.file>('GET', '/api', '/player/documents/:id/file', 1),
  },
  verificationOperator: {
    documents: ref<typeof contract.verificationOperatorApi.documents>(
      'GET',
      '/api',
      '/operator/documents',
      1,
    ),
    file: ref<typeof contract.verificationOperatorApi.file>('GET', '/api', '/operator/documents/:id/file', 1),
    approve: ref<typeof contract.verificationOperatorApi.approve>(
      'POST',
      '/api',
      '/operator/documents/:id/approve',
      1,
    ),
    reject: ref<typeof contract.verificationOperatorApi.reject>(
      'POST',
      '/api',
      '/operator/documents/:id/reject',
      1,
    ),
  },
  wallet: {
    accounts: ref<typeof contract.walletApi.accounts>('GET', '/api', '/player/accounts', 1),
    switchAccount: ref<typeof contract.walletApi.switchAccount>('POST', '/api', '/player/accounts', 1),
    transactions: ref<typeof contract.walletApi.transactions>('GET', '/api', '/player/transactions', 1),
    totals: ref<typeof contract.walletApi.totals>('GET', '/api', '/player/transactions/totals', 1),
    round: ref<typeof contract.walletApi.round>('GET', '/api', '/player/rounds/:id', 1),
    transactionsCsv: ref<typeof contract.walletApi.transactionsCsv>(
      'GET',
      '/api',
      '/player/transactions.csv',
      1,
    ),
  },
  wheel: {
    state: ref<typeof contract.wheelApi.state>('GET', '/api', '/player/wheel', 1),
    spin: ref<typeof contract.wheelApi.spin>('POST', '/api', '/player/wheel/spin', 1),
  },
  winners: {
    top: ref<typeof contract.winnersApi.top>('GET', '/api', '/stats/winners/top', 1),
    latest: ref<typeof contract.winnersApi.latest>('GET', '/api', '/stats/winners/latest', 1),
  },
} as const;
