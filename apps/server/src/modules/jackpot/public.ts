/** What other modules may use of the jackpot: its tiers' amounts now (e.g. for a page or a report). */
export { currentTiers } from './read.ts';
