import type { ClassicSlotSymbol, ClassicSlotVariant } from './classic-slot.ts';
import { type ReelCounts, spreadStrips } from './slot-reels.ts';

/** The centre line of a one-row machine. */
export const classicCentreLine: readonly (readonly number[])[] = [[0, 0, 0]];

/** Lines of the three-row machines (row 0 top), in the order players see them numbered. */
export const classicFiveLines: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** Every stop combination of the three strips, paid by the engine's evaluation (`analyseClassicSlot`). */
const enumerated = (paid: number, staked: number) =>
  `Exact: every stop combination enumerated; ${paid.toLocaleString('en')} line bets paid for ` +
  `${staked.toLocaleString('en')} staked.`;

type Sheet = Omit<ClassicSlotVariant, 'reels'> & { counts: ReelCounts<ClassicSlotSymbol> };

const build = ({ counts, ...variant }: Sheet): ClassicSlotVariant => ({
  ...variant,
  reels: spreadStrips(counts, 3),
});

const symbols = (cherries: number, blanks: number): ReelCounts<ClassicSlotSymbol> => ({
  seven: [1, 1, 1],
  'triple-bar': [2, 2, 2],
  'double-bar': [3, 3, 3],
  bar: [4, 4, 4],
  cherry: [cherries, cherries, cherries],
  blank: [blanks, blanks, blanks],
});

/*
 * The classic slot maths sheets. `rtp` is the exact ratio `analyseClassicSlot` finds (a test holds the
 * two equal): paid line bets over staked line bets across all stop combinations.
 */
export const classicSlotVariants: Readonly<Record<string, ClassicSlotVariant>> = {
  'single-line-low': build({
    rtp: 18_843 / 19_683,
    rtpMethod: enumerated(18_843, 19_683),
    volatility: 'low',
    rows: 1,
    lines: classicCentreLine,
    pays: { seven: 100, 'triple-bar': 50, 'double-bar': 25, bar: 10, anyBar: 5, cherries: [0, 2, 5, 10] },
    counts: symbols(3, 14),
  }),
  'single-line-medium': build({
    rtp: 21_120 / 21_952,
    rtpMethod: enumerated(21_120, 21_952),
    volatility: 'medium',
    rows: 1,
    lines: classicCentreLine,
    pays: { seven: 300, 'triple-bar': 75, 'double-bar': 40, bar: 15, anyBar: 5, cherries: [0, 2, 5, 15] },
    counts: symbols(3, 15),
  }),
  'single-line-high': build({
    rtp: 14_717 / 15_625,
    rtpMethod: enumerated(14_717, 15_625),
    volatility: 'high',
    rows: 1,
    lines: classicCentreLine,
    pays: { seven: 1000, 'triple-bar': 100, 'double-bar': 50, bar: 20, anyBar: 5, cherries: [0, 1, 4, 15] },
    counts: symbols(3, 12),
  }),
  'five-lines-medium': build({
    rtp: 58_430 / 60_835,
    rtpMethod: enumerated(58_430, 60_835),
    volatility: 'medium',
    rows: 3,
    lines: classicFiveLines,
    pays: { seven: 1000, 'triple-bar': 100, 'double-bar': 50, bar: 20, anyBar: 5, cherries: [0, 1, 5, 25] },
    counts: symbols(2, 11),
  }),
};
