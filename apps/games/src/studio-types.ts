/**
 * What the studio publishes about its games: the platform's catalogue is imported from these titles,
 * as it would be from any third-party studio's feed.
 */

/** The game engines of the studio; every title is one engine with its own maths and artwork. */
export const engineIds = ['video-slot', 'classic-slot', 'roulette', 'blackjack', 'dice'] as const;
export type EngineId = (typeof engineIds)[number];

/** The studio's brands (providers, in the lobby's words). */
export const studioBrands = [
  { id: 'chrysos-originals', name: 'Chrysos Originals' },
  { id: 'aegean-reels', name: 'Aegean Reels' },
  { id: 'olympus-tables', name: 'Olympus Tables' },
] as const;
export type StudioBrandId = (typeof studioBrands)[number]['id'];

export type Volatility = 'low' | 'medium' | 'high';
export type Category =
  | 'slots'
  | 'classic-slots'
  | 'table'
  | 'roulette'
  | 'blackjack'
  | 'dice'
  | 'new'
  | 'popular';

export interface StudioTitle {
  /** Stable catalogue identifier, also the game code in wallet calls, e.g. `golden-drachma`. */
  id: string;
  brand: StudioBrandId;
  engine: EngineId;
  /** Key of the maths variant in the engine's variant table. */
  variant: string;
  title: { en: string; el: string };
  description: { en: string; el: string };
  categories: Category[];
  /** Declared return to player, in percent (e.g. 96.1), confirmed by simulation. */
  rtp: number;
  volatility: Volatility;
  /** Paylines for line slots; undefined for table games. */
  lines?: number;
  features: string[];
  /** Artwork theme: the palette and symbols the title's thumbnail and client are drawn with. */
  theme: { background: string; accent: string; symbol: string };
  /** Release date, ISO (the lobby's "new" sort). */
  releasedAt: string;
  /** Bet limits in whole currency units. */
  minBet: number;
  maxBet: number;
}
