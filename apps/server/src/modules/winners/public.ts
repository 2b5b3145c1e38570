/** What other modules may use of the winners lists: the jackpot lists its wins as it pays them. */
export { maskName } from './mask.ts';
export { type BookedWin, recordWin } from './record-win.ts';
