import type { StudioTitle } from '@chrysos/games';
import { houseStudio } from '../modules/games/config.ts';
import type { HouseStudioFeed } from '../modules/games/studio.ts';

type Fixture = Pick<
  StudioTitle,
  'id' | 'brand' | 'title' | 'categories' | 'rtp' | 'volatility' | 'releasedAt'
> &
  Partial<StudioTitle>;

const title = (fixture: Fixture): StudioTitle => ({
  engine: 'video-slot',
  variant: 'base',
  description: { en: `${fixture.title.en}, a test title.`, el: `${fixture.title.el}, δοκιμαστικό.` },
  features: [],
  theme: { background: '#15121f', accent: '#dda052', symbol: 'coin' },
  minBet: 0.1,
  maxBet: 100,
  ...fixture,
});

/**
 * A small studio feed the games tests import instead of the real title list, so their expectations do
 * not move when the studio adds a game. Listed best first: that order seeds popularity, `popular` ahead.
 */
export const testTitles: StudioTitle[] = [
  title({
    id: 'golden-drachma',
    brand: 'chrysos-originals',
    title: { en: 'Golden Drachma', el: 'Χρυσή Δραχμή' },
    categories: ['slots', 'popular'],
    rtp: 96.1,
    volatility: 'medium',
    lines: 20,
    features: ['free-spins', 'wild'],
    releasedAt: '2025-03-01',
  }),
  title({
    id: 'lucky-sevens',
    brand: 'chrysos-originals',
    engine: 'classic-slot',
    title: { en: 'Lucky Sevens', el: 'Τυχερά Επτάρια' },
    categories: ['classic-slots', 'slots'],
    rtp: 95.5,
    volatility: 'low',
    lines: 5,
    releasedAt: '2024-11-10',
  }),
  title({
    id: 'poseidons-harbour',
    brand: 'aegean-reels',
    title: { en: "Poseidon's Harbour", el: 'Το Λιμάνι του Ποσειδώνα' },
    categories: ['slots', 'new'],
    rtp: 96.5,
    volatility: 'high',
    lines: 25,
    features: ['free-spins', 'multiplier'],
    releasedAt: '2026-10-01',
  }),
  title({
    id: 'athenas-owl',
    brand: 'aegean-reels',
    title: { en: "Athena's Owl", el: 'Η Κουκουβάγια της Αθηνάς' },
    categories: ['slots'],
    rtp: 96,
    volatility: 'high',
    lines: 10,
    releasedAt: '2025-06-15',
  }),
  title({
    id: 'european-roulette',
    brand: 'olympus-tables',
    engine: 'roulette',
    title: { en: 'European Roulette', el: 'Ευρωπαϊκή Ρουλέτα' },
    categories: ['table', 'roulette', 'popular'],
    rtp: 97.3,
    volatility: 'low',
    releasedAt: '2024-09-01',
  }),
  title({
    id: 'blackjack-classic',
    brand: 'olympus-tables',
    engine: 'blackjack',
    title: { en: 'Blackjack', el: 'Μπλακτζάκ' },
    categories: ['table', 'blackjack'],
    rtp: 99.5,
    volatility: 'low',
    releasedAt: '2024-09-01',
  }),
  title({
    id: 'hermes-dice',
    brand: 'olympus-tables',
    engine: 'dice',
    title: { en: 'Hermes Dice', el: 'Τα Ζάρια του Ερμή' },
    categories: ['dice', 'new'],
    rtp: 99,
    volatility: 'medium',
    releasedAt: '2026-09-20',
  }),
];

export const testBrands = [
  { id: 'chrysos-originals', name: 'Chrysos Originals' },
  { id: 'aegean-reels', name: 'Aegean Reels' },
  { id: 'olympus-tables', name: 'Olympus Tables' },
];

export const testFeed: HouseStudioFeed = { studio: houseStudio, brands: testBrands, titles: testTitles };
