/**
 * The six levels of the loyalty page (content/{en,el}/loyalty/loyalty.md): the points collected over the
 * last 12 months each needs, the exchange rate it gives (points per €1), and the groups a player at it
 * holds, so content shown to a group follows the level (immediateVip is shown to `high_roller`).
 */
export const levelIds = ['bronze', 'silver', 'gold', 'platinum', 'diamond', 'chrysos'] as const;
export type LevelId = (typeof levelIds)[number];

export interface Level {
  id: LevelId;
  name: string;
  /** Points collected over the last 12 months to hold it. */
  points: number;
  /** Comp points exchanged for €1. */
  pointsPerEuro: number;
  /** The groups a player at this level holds (and loses when the level changes). */
  groups: readonly string[];
}

export const levels: readonly Level[] = [
  { id: 'bronze', name: 'Bronze', points: 0, pointsPerEuro: 100, groups: [] },
  { id: 'silver', name: 'Silver', points: 500, pointsPerEuro: 90, groups: ['loyalty_silver'] },
  { id: 'gold', name: 'Gold', points: 2_500, pointsPerEuro: 80, groups: ['loyalty_gold'] },
  { id: 'platinum', name: 'Platinum', points: 10_000, pointsPerEuro: 70, groups: ['loyalty_platinum'] },
  // The immediateVip invitation (personal account manager, VIP team) is for the levels that promise one.
  {
    id: 'diamond',
    name: 'Diamond',
    points: 50_000,
    pointsPerEuro: 60,
    groups: ['loyalty_diamond', 'high_roller'],
  },
  {
    id: 'chrysos',
    name: 'Chrysos',
    points: 200_000,
    pointsPerEuro: 50,
    groups: ['loyalty_chrysos', 'high_roller'],
  },
];

/** Every group a level gives: the ones the loyalty programme manages (and may take away). */
export const levelGroups: readonly string[] = [...new Set(levels.flatMap((level) => level.groups))];

/** The fewest points one exchange takes (€1 at Bronze). */
export const minimumExchange = 100;

/** Points are stored in millionths, so fractions of a stake's point stay exact. */
export const micro = 1_000_000;

export function levelOf(id: string): Level {
  return levels.find((level) => level.id === id) ?? (levels[0] as Level);
}

/** The level that `collected` points (over the last 12 months) reach. */
export function levelFor(collected: number): Level {
  let reached = levels[0] as Level;
  for (const level of levels) if (collected >= level.points) reached = level;
  return reached;
}

export function nextLevel(level: Level): Level | null {
  return levels[levels.indexOf(level) + 1] ?? null;
}

/** Whole hundredths of a point, as shown: 0.1 after a €1 slot bet. */
export function shownPoints(microPoints: number): number {
  return Math.floor(microPoints / 10_000) / 100;
}
