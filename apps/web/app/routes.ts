import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every page exists in English and under /el: a static optional `el?` segment, never a dynamic
 * `:lang?` one, so `/elephant` can never be read as a locale. The four layouts of spec §2 group them.
 */

/** An old or bare address that redirects (app/routes/redirect.tsx, rules in @chrysos/rules). */
const redirect = (path: string, id: string) => route(path, 'routes/redirect.tsx', { id });

export default [
  route('el?', 'routes/locale.tsx', [
    layout('layouts/default.tsx', [
      index('routes/home.tsx'),
      route('deposit', 'routes/deposit.tsx', { id: 'deposit' }),
      route('users/sign_in', 'routes/sign-in.tsx', { id: 'sign-in' }),
      route('users/sign_up', 'routes/sign-in.tsx', { id: 'sign-up' }),
      route('users/password/new', 'routes/account-email.tsx', { id: 'password-new' }),
      route('users/password/edit', 'routes/password-edit.tsx', { id: 'password-edit' }),
      route('users/confirmation', 'routes/account-token.tsx', { id: 'confirmation' }),
      route('users/confirmation/new', 'routes/account-email.tsx', { id: 'confirmation-new' }),
      route('users/unlock', 'routes/account-token.tsx', { id: 'unlock' }),
      route('users/unlock/new', 'routes/account-email.tsx', { id: 'unlock-new' }),
      route('faq', 'routes/faq.tsx'),
      route('support', 'routes/support.tsx'),
      route('payments', 'routes/payments.tsx'),
      route('providers', 'routes/providers.tsx'),
      route('mobile-app', 'routes/mobile-app.tsx'),
      route('provably-fair', 'routes/provably-fair.tsx'),
      route('lottery', 'routes/lottery.tsx'),
      route('loyalty', 'routes/loyalty.tsx'),
      route('jackpot', 'routes/jackpot.tsx'),
      route('notifications', 'routes/notifications.tsx'),
      route('wheel-of-fortune', 'routes/wheel-of-fortune.tsx'),
      redirect('games', 'games-bare'),
      route('games/*', 'routes/games.tsx'),
      redirect('tournaments', 'tournaments-bare'),
      route('tournaments/:state', 'routes/tournaments.tsx', { id: 'tournaments' }),
      route('tournaments/:state/:frontendIdentifier', 'routes/tournament.tsx', { id: 'tournament' }),
      route('promotions', 'routes/promotions.tsx'),
      route('promotions/:slug', 'routes/promotion.tsx'),
      redirect('profile', 'profile-bare'),
      layout('routes/profile.tsx', [
        route('profile/general', 'routes/profile-general.tsx', { id: 'profile-general' }),
        route('profile/general/security', 'routes/profile-security.tsx', { id: 'profile-security' }),
        route('profile/general/verification', 'routes/profile-verification.tsx', {
          id: 'profile-verification',
        }),
        route('profile/wallet/balance', 'routes/profile-wallet-balance.tsx', {
          id: 'profile-wallet-balance',
        }),
        route('profile/wallet/deposit', 'routes/profile-wallet-deposit.tsx', {
          id: 'profile-wallet-deposit',
        }),
        route('profile/wallet/withdrawal', 'routes/profile-wallet-withdrawal.tsx', {
          id: 'profile-wallet-withdrawal',
        }),
        route('profile/wallet/transactions', 'routes/profile-wallet-transactions.tsx', {
          id: 'profile-wallet-transactions',
        }),
        route('profile/bonuses', 'routes/profile-bonuses.tsx', { id: 'profile-bonuses' }),
        route('profile/limits', 'routes/profile-limits.tsx', { id: 'profile-limits' }),
        route('profile/lottery', 'routes/profile-lottery.tsx', { id: 'profile-lottery' }),
        route('profile/loyalty', 'routes/profile-loyalty.tsx', { id: 'profile-loyalty' }),
      ]),
      // Any other profile section: the profile's first page (routes/profile-unknown.tsx).
      route('profile/*', 'routes/profile-unknown.tsx'),
      redirect('users/edit', 'users-edit'),
      redirect('documents', 'documents'),
      redirect('accounts/history', 'accounts-history'),
      redirect('accounts/:currency/cashout', 'accounts-cashout'),
      redirect('accounts/:currency/select', 'accounts-select'),
      redirect('accounts/:currency/deposit', 'accounts-deposit'),
      route(':slug', 'routes/text-page.tsx'),
      route('*', 'routes/not-found.tsx'),
    ]),
    layout('layouts/fullscreen.tsx', [
      route('download-apk', 'routes/download.tsx', { id: 'download-apk' }),
      route('download-ipa', 'routes/download.tsx', { id: 'download-ipa' }),
      route('promos/:slug', 'routes/promo-landing.tsx'),
    ]),
    layout('layouts/game.tsx', [route('game/:urlId', 'routes/game.tsx')]),
    // Where the privacy notice of every page posts its acceptance (an action, no page).
    route('privacy-policy/acceptance', 'routes/privacy-acceptance.ts'),
    // Loaded inside a game's iframe when the game sends the player back (spec §2 pass-through path).
    route('exit_iframe', 'routes/exit-iframe.ts'),
  ]),
  // The operators' back office (issue 38): English, its own chunks, no casino chrome.
  route('backoffice/sign-in', 'routes/backoffice/sign-in.tsx'),
  route('backoffice/sign-out', 'routes/backoffice/sign-out.ts'),
  route('backoffice', 'routes/backoffice/layout.tsx', [
    index('routes/backoffice/home.tsx'),
    route('players', 'routes/backoffice/players.tsx'),
    route('players/:id', 'routes/backoffice/player.tsx'),
    route('withdrawals', 'routes/backoffice/withdrawals.tsx'),
    route('payments', 'routes/backoffice/payments.tsx'),
    route('adjustments', 'routes/backoffice/adjustments.tsx'),
    route('documents', 'routes/backoffice/documents.tsx'),
    route('cases', 'routes/backoffice/cases.tsx'),
    route('cases/:id', 'routes/backoffice/case.tsx'),
    route('audit', 'routes/backoffice/audit.tsx'),
  ]),
  // A locale's messages, for the browser (routes/catalogue.ts).
  route('i18n/:file', 'routes/catalogue.ts'),
  // The studio's game client inside the game iframe: outside the locale route, so no casino chrome.
  route('studio/play/:titleId', 'routes/studio-play.tsx'),
] satisfies RouteConfig;
