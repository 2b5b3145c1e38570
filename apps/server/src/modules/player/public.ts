/** What other modules may use of player: the only file they import from it. */
export { accountBar, refuseIfAccountBarred } from './account-status/refuse-if-barred.ts';
export { completeRegistrationOf } from './complete-registration.ts';
export { changeGroups, replaceGroups } from './groups.ts';
export {
  confirmEmail,
  countrySql,
  disabledAtSql,
  groupsInOrderAdded,
  lockPlayer,
  playerAudience,
  playerByEmail,
  playerById,
  playerExists,
  playerLanguage,
  playerNames,
  playersBornOn,
  promotionAudience,
  registrationCurrency,
  registrationCurrencySql,
  setPlayerCurrency,
  setReferralTag,
} from './player-facts.ts';
export { presentPlayer } from './present-player.ts';
export { type NewPlayer, registerPlayer } from './register-player.ts';
export { viewerOf } from './viewer-of.ts';
