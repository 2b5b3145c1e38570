/**
 * What other modules may use of the bonus engine: the only file they import from it. The cashier checks
 * a deposit's bonus code before asking the provider and forfeits a running bonus with a confirmed
 * withdrawal; the loyalty programme, the wheel and the lottery pay prizes through campaigns.
 */
export { contributions as bonusContributions } from './advertised-campaigns.ts';
export { forfeitRunningBonus } from './cancel.ts';
export { depositCampaign } from './deposit-offers.ts';
export { playerFacts } from './eligibility.ts';
export {
  bonusAmountOf,
  type CodedCampaignSeed,
  ensureDepositCampaign,
  ensurePrizeCampaigns,
  grantPrizeCampaign,
  type PrizeCampaignSeed,
} from './prize-campaigns.ts';
