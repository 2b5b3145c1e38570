import type { FastifyInstance } from 'fastify';
import { defaultRules, sectorPrizes, type WheelRules } from './prizes.ts';

/**
 * The wheel's rules as the page states them (content/en/wheelOfFortune: sectorCount, noWinSector,
 * secretSector, minDepSpin, promoCode), read from the content store each time so an edit of the page
 * is the rule; the built-in ones where the content has no wheel.
 */
export function wheelRules(app: FastifyInstance, now: Date): WheelRules {
  const item = app.content.first('wheelOfFortune', 'en', { groups: [], abVariants: {}, now });
  if (!item) return defaultRules;
  const { sectorCount, noWinSector, secretSector, minDepSpin, promoCode } = item.data;
  return { sectorCount, noWinSector, secretSector, minDepSpin, promoCode };
}

/**
 * The sectors the page draws must be the ones this module pays: refused at start-up otherwise (a page
 * promising twelve sectors over a table of ten would pay the wrong prizes).
 */
export function checkRules(rules: WheelRules): void {
  const problems: string[] = [];
  if (rules.sectorCount !== sectorPrizes.length)
    problems.push(`sectorCount ${rules.sectorCount}, but ${sectorPrizes.length} sector prizes are defined`);
  if (sectorPrizes[rules.noWinSector]?.kind !== 'nothing')
    problems.push(`noWinSector ${rules.noWinSector} is not the sector that pays nothing`);
  if (rules.secretSector !== defaultRules.secretSector)
    problems.push(
      `secretSector ${rules.secretSector} is not the secret prize's sector ${defaultRules.secretSector}`,
    );
  if (problems.length > 0)
    throw new Error(`content/*/wheelOfFortune does not match the wheel's prizes: ${problems.join('; ')}`);
}
