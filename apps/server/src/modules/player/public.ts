/** What other modules may use of player: the only file they import from it. */
export { completeRegistration } from './complete-registration.ts';
export { changeGroups, replaceGroups } from './groups.ts';
export {
  countrySql,
  disabledAtSql,
  groupsInOrderAdded,
  lockPlayer,
  playerAudience,
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
export { viewerOf } from './viewer-of.ts';
