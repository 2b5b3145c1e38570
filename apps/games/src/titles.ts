import { blackjackVariants } from './math/blackjack.ts';
import { classicSlotVariants } from './math/classic-slot-variants.ts';
import { diceVariants } from './math/dice.ts';
import type { VariantDeclaration } from './math/engine.ts';
import { rouletteVariants } from './math/roulette.ts';
import type { VideoSlotVariant } from './math/video-slot.ts';
import { videoSlotVariants } from './math/video-slot-variants.ts';
import type { EngineId, StudioTitle } from './studio-types.ts';

/**
 * The RTP a title declares: its variant's, in percent, cut (never rounded up) to two decimals so the
 * figure shown is never above the maths. The epsilon absorbs floating-point noise (0.97 × 10⁴).
 */
export const declaredRtpPercent = (variant: VariantDeclaration) =>
  Math.floor(variant.rtp * 10_000 + 1e-6) / 100;

const variantTables: Readonly<Record<EngineId, Readonly<Record<string, VariantDeclaration>>>> = {
  'video-slot': videoSlotVariants,
  'classic-slot': classicSlotVariants,
  roulette: rouletteVariants,
  blackjack: blackjackVariants,
  dice: diceVariants,
};

function variant<V>(table: Readonly<Record<string, V>>, key: string): V {
  const found = table[key];
  if (!found) throw new Error(`Catalogue names a missing variant ${key}`);
  return found;
}

type Listing = Omit<StudioTitle, 'engine' | 'rtp' | 'volatility' | 'lines' | 'features'>;

/** A video slot's facts come from its maths: lines, volatility, RTP and what the feature does. */
function videoSlotTitle(listing: Listing): StudioTitle {
  const maths: VideoSlotVariant = variant(videoSlotVariants, listing.variant);
  return {
    ...listing,
    engine: 'video-slot',
    rtp: declaredRtpPercent(maths),
    volatility: maths.volatility,
    lines: maths.lines,
    features: ['wilds', 'scatters', 'free-spins', ...(maths.freeSpins.multiplier > 1 ? ['multiplier'] : [])],
  };
}

function classicSlotTitle(listing: Listing): StudioTitle {
  const maths = variant(classicSlotVariants, listing.variant);
  return {
    ...listing,
    engine: 'classic-slot',
    rtp: declaredRtpPercent(maths),
    volatility: maths.volatility,
    lines: maths.lines.length,
    features: ['cherries-pay-anywhere', 'mixed-bars'],
  };
}

function tableTitle(
  engine: 'roulette' | 'blackjack' | 'dice',
  volatility: StudioTitle['volatility'],
  features: string[],
  listing: Listing,
): StudioTitle {
  return {
    ...listing,
    engine,
    rtp: declaredRtpPercent(variant(variantTables[engine], listing.variant)),
    volatility,
    features,
  };
}

const roulette = (listing: Listing) =>
  tableTitle('roulette', 'medium', ['single-zero', 'first-four'], listing);
const blackjack = (listing: Listing) =>
  tableTitle('blackjack', 'low', ['double-after-split', 'resplit', 'dealer-stands-soft-17'], listing);
const dice = (listing: Listing) => tableTitle('dice', 'medium', ['choose-your-odds'], listing);

/** The studio's catalogue, as published to the platform. */
export const titles: StudioTitle[] = [
  videoSlotTitle({
    id: 'thunder-of-zeus',
    brand: 'chrysos-originals',
    variant: 'lines25-high',
    title: { en: 'Thunder of Zeus', el: 'Η Βροντή του Δία' },
    description: {
      en: 'Zeus hurls wilds across 25 lines from the summit of Olympus. Three scatters open 10 free spins where every win is tripled.',
      el: 'Ο Δίας εξαπολύει μπαλαντέρ σε 25 γραμμές από την κορυφή του Ολύμπου. Τρία σύμβολα scatter ανοίγουν 10 δωρεάν περιστροφές όπου κάθε κέρδος τριπλασιάζεται.',
    },
    categories: ['slots', 'popular'],
    theme: { background: '#1b2340', accent: '#f2c94c', symbol: 'lightning-bolt' },
    releasedAt: '2025-02-14',
    minBet: 0.25,
    maxBet: 100,
  }),
  videoSlotTitle({
    id: 'poseidons-trident',
    brand: 'aegean-reels',
    variant: 'lines20-high',
    title: { en: 'Poseidon’s Trident', el: 'Η Τρίαινα του Ποσειδώνα' },
    description: {
      en: 'Ride the Aegean swell across 20 lines with Poseidon’s wilds. Three or more scatters bring up to 20 free spins, every win multiplied by five.',
      el: 'Ταξιδέψτε στα κύματα του Αιγαίου σε 20 γραμμές με τους μπαλαντέρ του Ποσειδώνα. Τρία ή περισσότερα σύμβολα scatter χαρίζουν έως 20 δωρεάν περιστροφές και κάθε κέρδος πενταπλασιάζεται.',
    },
    categories: ['slots', 'popular'],
    theme: { background: '#0b3d5c', accent: '#4fd1c5', symbol: 'trident' },
    releasedAt: '2025-03-20',
    minBet: 0.2,
    maxBet: 100,
  }),
  videoSlotTitle({
    id: 'golden-drachma',
    brand: 'chrysos-originals',
    variant: 'lines10-low',
    title: { en: 'Golden Drachma', el: 'Χρυσή Δραχμή' },
    description: {
      en: 'Ten lines of gleaming drachmas and steady wins. Land three scatters for 10 free spins at double pay.',
      el: 'Δέκα γραμμές με αστραφτερές δραχμές και σταθερά κέρδη. Τρία σύμβολα scatter φέρνουν 10 δωρεάν περιστροφές με διπλά κέρδη.',
    },
    categories: ['slots', 'popular'],
    theme: { background: '#3b2a12', accent: '#e8b931', symbol: 'drachma-coin' },
    releasedAt: '2025-01-22',
    minBet: 0.1,
    maxBet: 50,
  }),
  videoSlotTitle({
    id: 'olive-grove',
    brand: 'aegean-reels',
    variant: 'lines20-low',
    title: { en: 'Olive Grove', el: 'Ελαιώνας' },
    description: {
      en: 'A gentle harvest across 20 lines among silver-green olive trees. Three scatters award 15 free spins on reels richer in wilds.',
      el: 'Μια ήρεμη σοδειά σε 20 γραμμές ανάμεσα σε ασημοπράσινες ελιές. Τρία σύμβολα scatter χαρίζουν 15 δωρεάν περιστροφές με περισσότερους μπαλαντέρ στους τροχούς.',
    },
    categories: ['slots'],
    theme: { background: '#2f3d1f', accent: '#b5c96a', symbol: 'olive-branch' },
    releasedAt: '2025-05-08',
    minBet: 0.2,
    maxBet: 50,
  }),
  videoSlotTitle({
    id: 'wine-of-dionysus',
    brand: 'aegean-reels',
    variant: 'lines20-medium',
    title: { en: 'Wine of Dionysus', el: 'Το Κρασί του Διονύσου' },
    description: {
      en: 'Raise a cup with Dionysus over 20 lines of grapes and amphorae. Scatters pour out up to 25 free spins with doubled wins.',
      el: 'Τσουγκρίστε το ποτήρι σας με τον Διόνυσο σε 20 γραμμές με σταφύλια και αμφορείς. Τα σύμβολα scatter χαρίζουν έως 25 δωρεάν περιστροφές με διπλά κέρδη.',
    },
    categories: ['slots'],
    theme: { background: '#3d0f2b', accent: '#c0507a', symbol: 'amphora' },
    releasedAt: '2025-06-26',
    minBet: 0.2,
    maxBet: 100,
  }),
  videoSlotTitle({
    id: 'minotaurs-labyrinth',
    brand: 'chrysos-originals',
    variant: 'lines25-high',
    title: { en: 'Minotaur’s Labyrinth', el: 'Ο Λαβύρινθος του Μινώταυρου' },
    description: {
      en: 'Find your way through the Labyrinth of Knossos on 25 lines. Three scatters unleash 10 free spins on wild-packed reels, every win tripled.',
      el: 'Βρείτε τον δρόμο σας μέσα στον Λαβύρινθο της Κνωσού σε 25 γραμμές. Τρία σύμβολα scatter απελευθερώνουν 10 δωρεάν περιστροφές με τροχούς γεμάτους μπαλαντέρ και τριπλάσια κέρδη.',
    },
    categories: ['slots'],
    theme: { background: '#2a1a14', accent: '#d9822b', symbol: 'bull-head' },
    releasedAt: '2025-09-11',
    minBet: 0.25,
    maxBet: 100,
  }),
  videoSlotTitle({
    id: 'knossos-frescoes',
    brand: 'aegean-reels',
    variant: 'lines25-medium',
    title: { en: 'Knossos Frescoes', el: 'Οι Τοιχογραφίες της Κνωσού' },
    description: {
      en: 'Dolphins, lilies and bull-leapers from the palace walls across 25 lines. Three scatters bring 12 free spins with doubled wins.',
      el: 'Δελφίνια, κρίνα και ταυροκαθάπτες από τους τοίχους του ανακτόρου σε 25 γραμμές. Τρία σύμβολα scatter φέρνουν 12 δωρεάν περιστροφές με διπλά κέρδη.',
    },
    categories: ['slots'],
    theme: { background: '#f3e3c3', accent: '#2b7a9b', symbol: 'dolphin' },
    releasedAt: '2025-11-04',
    minBet: 0.25,
    maxBet: 100,
  }),
  videoSlotTitle({
    id: 'starry-orion',
    brand: 'chrysos-originals',
    variant: 'lines20-medium',
    title: { en: 'Starry Orion', el: 'Τα Άστρα του Ωρίωνα' },
    description: {
      en: 'Chart the night sky over 20 lines as the constellations line up. Scatters light up as many as 25 free spins at double pay.',
      el: 'Χαρτογραφήστε τον νυχτερινό ουρανό σε 20 γραμμές καθώς ευθυγραμμίζονται οι αστερισμοί. Τα σύμβολα scatter χαρίζουν έως 25 δωρεάν περιστροφές με διπλά κέρδη.',
    },
    categories: ['slots'],
    theme: { background: '#0d1026', accent: '#9db4ff', symbol: 'constellation' },
    releasedAt: '2026-01-15',
    minBet: 0.2,
    maxBet: 100,
  }),
  videoSlotTitle({
    id: 'byzantine-gold',
    brand: 'chrysos-originals',
    variant: 'lines25-medium',
    title: { en: 'Byzantine Gold', el: 'Βυζαντινός Χρυσός' },
    description: {
      en: 'Mosaics and imperial gold shine on 25 lines. Three scatters open 12 free spins with every win doubled.',
      el: 'Ψηφιδωτά και αυτοκρατορικός χρυσός λάμπουν σε 25 γραμμές. Τρία σύμβολα scatter ανοίγουν 12 δωρεάν περιστροφές και κάθε κέρδος διπλασιάζεται.',
    },
    categories: ['slots', 'popular'],
    theme: { background: '#2b0f3a', accent: '#e0b341', symbol: 'double-headed-eagle' },
    releasedAt: '2026-03-05',
    minBet: 0.25,
    maxBet: 200,
  }),
  videoSlotTitle({
    id: 'athenas-owl',
    brand: 'aegean-reels',
    variant: 'lines10-low',
    title: { en: 'Athena’s Owl', el: 'Η Κουκουβάγια της Αθηνάς' },
    description: {
      en: 'The owl of the Athenian tetradrachm watches over 10 lines of frequent wins. Three scatters award 10 free spins at double pay.',
      el: 'Η κουκουβάγια του αθηναϊκού τετράδραχμου φυλάει 10 γραμμές με συχνά κέρδη. Τρία σύμβολα scatter χαρίζουν 10 δωρεάν περιστροφές με διπλά κέρδη.',
    },
    categories: ['slots'],
    theme: { background: '#30343b', accent: '#c9ccd1', symbol: 'owl' },
    releasedAt: '2026-05-21',
    minBet: 0.1,
    maxBet: 50,
  }),
  videoSlotTitle({
    id: 'aegean-treasures',
    brand: 'aegean-reels',
    variant: 'lines25-high',
    title: { en: 'Aegean Treasures', el: 'Οι Θησαυροί του Αιγαίου' },
    description: {
      en: 'Dive for sunken gold on 25 lines, where wilds wash in with every tide. Three scatters open 10 free spins with every win tripled.',
      el: 'Βουτήξτε για βυθισμένο χρυσάφι σε 25 γραμμές, με μπαλαντέρ που φέρνει κάθε κύμα. Τρία σύμβολα scatter ανοίγουν 10 δωρεάν περιστροφές με τριπλάσια κέρδη.',
    },
    categories: ['slots', 'new'],
    theme: { background: '#0b2f3f', accent: '#3fc1c9', symbol: 'treasure-chest' },
    releasedAt: '2026-11-18',
    minBet: 0.25,
    maxBet: 100,
  }),
  videoSlotTitle({
    id: 'cyclades-sunset',
    brand: 'aegean-reels',
    variant: 'lines20-low',
    title: { en: 'Cyclades Sunset', el: 'Ηλιοβασίλεμα στις Κυκλάδες' },
    description: {
      en: 'Whitewashed windmills and a golden sunset over 20 lines of relaxed play. Three scatters award 15 free spins, with more wilds on the reels.',
      el: 'Ασβεστωμένοι ανεμόμυλοι και χρυσό ηλιοβασίλεμα σε 20 γραμμές για χαλαρό παιχνίδι. Τρία σύμβολα scatter χαρίζουν 15 δωρεάν περιστροφές με περισσότερους μπαλαντέρ στους τροχούς.',
    },
    categories: ['slots', 'new'],
    theme: { background: '#f4f1ea', accent: '#f08a4b', symbol: 'windmill' },
    releasedAt: '2026-09-17',
    minBet: 0.2,
    maxBet: 50,
  }),
  videoSlotTitle({
    id: 'argonauts-voyage',
    brand: 'aegean-reels',
    variant: 'lines20-high',
    title: { en: 'Argonauts’ Voyage', el: 'Το Ταξίδι των Αργοναυτών' },
    description: {
      en: 'Sail with Jason and the Argo across 20 lines in search of the Golden Fleece. Three scatters launch 8 free spins where every win is multiplied by five.',
      el: 'Σαλπάρετε με τον Ιάσονα και την Αργώ σε 20 γραμμές αναζητώντας το Χρυσόμαλλο Δέρας. Τρία σύμβολα scatter ξεκινούν 8 δωρεάν περιστροφές όπου κάθε κέρδος πενταπλασιάζεται.',
    },
    categories: ['slots', 'new'],
    theme: { background: '#12324a', accent: '#f5c542', symbol: 'golden-fleece' },
    releasedAt: '2026-11-05',
    minBet: 0.2,
    maxBet: 100,
  }),

  classicSlotTitle({
    id: 'midas-sevens',
    brand: 'chrysos-originals',
    variant: 'single-line-high',
    title: { en: 'Midas Sevens', el: 'Τα Εφτάρια του Μίδα' },
    description: {
      en: 'A one-line classic where three sevens pay 1,000 times the bet. Bars, mixed bars and cherries fill in between.',
      el: 'Κλασικός κουλοχέρης μίας γραμμής όπου τρία εφτάρια πληρώνουν 1.000 φορές το ποντάρισμα. Μπάρες, ανάμεικτες μπάρες και κεράσια συμπληρώνουν τα κέρδη.',
    },
    categories: ['slots', 'classic-slots', 'popular'],
    theme: { background: '#5a0b0b', accent: '#ffd54a', symbol: 'seven' },
    releasedAt: '2025-04-03',
    minBet: 0.1,
    maxBet: 50,
  }),
  classicSlotTitle({
    id: 'retro-drachmas',
    brand: 'chrysos-originals',
    variant: 'single-line-medium',
    title: { en: 'Retro Drachmas', el: 'Ρετρό Δραχμές' },
    description: {
      en: 'Three reels, one line and the sound of drachmas dropping. Three sevens pay 300 times the bet, and even a single cherry on the line wins.',
      el: 'Τρεις τροχοί, μία γραμμή και ο ήχος των δραχμών που πέφτουν. Τρία εφτάρια πληρώνουν 300 φορές το ποντάρισμα, ενώ ακόμη και ένα κεράσι στη γραμμή κερδίζει.',
    },
    categories: ['slots', 'classic-slots'],
    theme: { background: '#1f3b2d', accent: '#d4af37', symbol: 'triple-bar' },
    releasedAt: '2025-07-30',
    minBet: 0.1,
    maxBet: 50,
  }),
  classicSlotTitle({
    id: 'olympus-fruits',
    brand: 'chrysos-originals',
    variant: 'single-line-low',
    title: { en: 'Olympus Fruits', el: 'Τα Φρούτα του Ολύμπου' },
    description: {
      en: 'A fruit machine fit for the gods: frequent cherries, bars and sevens on a single line.',
      el: 'Ένας κουλοχέρης αντάξιος των θεών: συχνά κεράσια, μπάρες και εφτάρια σε μία γραμμή.',
    },
    categories: ['slots', 'classic-slots'],
    theme: { background: '#6b3e26', accent: '#f2e6c9', symbol: 'cherries' },
    releasedAt: '2026-02-12',
    minBet: 0.1,
    maxBet: 20,
  }),
  classicSlotTitle({
    id: 'santorini-cherries',
    brand: 'aegean-reels',
    variant: 'five-lines-medium',
    title: { en: 'Santorini Cherries', el: 'Κεράσια της Σαντορίνης' },
    description: {
      en: 'Five lines across three reels under the Santorini sun. Cherries pay anywhere on a line and three sevens pay 1,000 times the line bet.',
      el: 'Πέντε γραμμές σε τρεις τροχούς κάτω από τον ήλιο της Σαντορίνης. Τα κεράσια πληρώνουν σε οποιαδήποτε θέση της γραμμής και τρία εφτάρια πληρώνουν 1.000 φορές το ποντάρισμα ανά γραμμή.',
    },
    categories: ['slots', 'classic-slots'],
    theme: { background: '#1e4f8a', accent: '#ffffff', symbol: 'cherries' },
    releasedAt: '2026-06-18',
    minBet: 0.05,
    maxBet: 50,
  }),
  classicSlotTitle({
    id: 'acropolis-bars',
    brand: 'aegean-reels',
    variant: 'single-line-medium',
    title: { en: 'Acropolis Bars', el: 'Οι Μπάρες της Ακρόπολης' },
    description: {
      en: 'Single, double and triple bars stacked like marble columns. Any three bars pay, and three sevens pay 300 times the bet.',
      el: 'Μονές, διπλές και τριπλές μπάρες στοιβαγμένες σαν μαρμάρινες κολόνες. Οποιεσδήποτε τρεις μπάρες κερδίζουν και τρία εφτάρια πληρώνουν 300 φορές το ποντάρισμα.',
    },
    categories: ['slots', 'classic-slots', 'new'],
    theme: { background: '#e9e4da', accent: '#8c6d3f', symbol: 'bar' },
    releasedAt: '2026-10-08',
    minBet: 0.1,
    maxBet: 50,
  }),

  roulette({
    id: 'european-roulette',
    brand: 'olympus-tables',
    variant: 'european',
    title: { en: 'European Roulette', el: 'Ευρωπαϊκή Ρουλέτα' },
    description: {
      en: 'Single-zero roulette with the full European table: inside bets, columns, dozens, red or black, odd or even, low or high.',
      el: 'Ρουλέτα με ένα μηδενικό και ολόκληρο το ευρωπαϊκό τραπέζι: εσωτερικά στοιχήματα, στήλες, δωδεκάδες, κόκκινο ή μαύρο, μονά ή ζυγά, μικρά ή μεγάλα.',
    },
    categories: ['table', 'roulette', 'popular'],
    theme: { background: '#0f4d2e', accent: '#d4af37', symbol: 'roulette-wheel' },
    releasedAt: '2025-01-08',
    minBet: 0.1,
    maxBet: 1000,
  }),
  roulette({
    id: 'delphi-roulette',
    brand: 'olympus-tables',
    variant: 'european',
    title: { en: 'Delphi Roulette', el: 'Ρουλέτα των Δελφών' },
    description: {
      en: 'A high-limit European table in the shadow of the Oracle. Single zero, first four and trio bets, with limits for bold predictions.',
      el: 'Ευρωπαϊκό τραπέζι υψηλών ορίων στη σκιά του Μαντείου. Ένα μηδενικό, στοιχήματα «πρώτα τέσσερα» και τριάδες, με όρια για τολμηρές προβλέψεις.',
    },
    categories: ['table', 'roulette'],
    theme: { background: '#2e2418', accent: '#c9a227', symbol: 'tripod' },
    releasedAt: '2025-08-19',
    minBet: 5,
    maxBet: 10000,
  }),
  roulette({
    id: 'parthenon-roulette',
    brand: 'olympus-tables',
    variant: 'european',
    title: { en: 'Parthenon Roulette', el: 'Ρουλέτα του Παρθενώνα' },
    description: {
      en: 'European roulette with low table limits, for unhurried spins beneath the Parthenon.',
      el: 'Ευρωπαϊκή ρουλέτα με χαμηλά όρια, για ήρεμες περιστροφές κάτω από τον Παρθενώνα.',
    },
    categories: ['table', 'roulette'],
    theme: { background: '#f1ede4', accent: '#a33b2b', symbol: 'column' },
    releasedAt: '2026-04-14',
    minBet: 0.1,
    maxBet: 100,
  }),

  blackjack({
    id: 'classic-blackjack',
    brand: 'olympus-tables',
    variant: 'six-deck-s17',
    title: { en: 'Classic Blackjack', el: 'Κλασικό Μπλακτζάκ' },
    description: {
      en: 'Six decks, the dealer stands on all 17s and blackjack pays 3 to 2. Double on any two cards, even after a split.',
      el: 'Έξι τράπουλες, ο ντίλερ σταματά σε κάθε 17 και το μπλακτζάκ πληρώνει 3 προς 2. Μπορείτε να διπλασιάσετε με οποιαδήποτε δύο πρώτα φύλλα, ακόμη και μετά από διαχωρισμό.',
    },
    categories: ['table', 'blackjack', 'popular'],
    theme: { background: '#123524', accent: '#e6c068', symbol: 'playing-cards' },
    releasedAt: '2025-03-03',
    minBet: 1,
    maxBet: 1000,
  }),
  blackjack({
    id: 'olympus-vip-blackjack',
    brand: 'olympus-tables',
    variant: 'six-deck-s17',
    title: { en: 'Olympus VIP Blackjack', el: 'Μπλακτζάκ VIP του Ολύμπου' },
    description: {
      en: 'High-limit blackjack fit for the gods: six decks, split up to four hands and double after splitting.',
      el: 'Μπλακτζάκ υψηλών ορίων, αντάξιο των θεών: έξι τράπουλες, διαχωρισμός έως και σε τέσσερα χέρια και διπλασιασμός μετά τον διαχωρισμό.',
    },
    categories: ['table', 'blackjack', 'new'],
    theme: { background: '#1a1a2e', accent: '#d9c27e', symbol: 'laurel-crown' },
    releasedAt: '2026-09-29',
    minBet: 25,
    maxBet: 10000,
  }),

  dice({
    id: 'hi-lo-dice',
    brand: 'olympus-tables',
    variant: 'classic',
    title: { en: 'Hi-Lo Dice', el: 'Ζάρια Πάνω-Κάτω' },
    description: {
      en: 'Pick a target and call the roll over or under it. Win chances from 1% to 98%, with a theoretical return of 99% on every bet.',
      el: 'Διαλέξτε έναν στόχο και προβλέψτε αν η ζαριά θα έρθει πάνω ή κάτω από αυτόν. Πιθανότητα κέρδους από 1% έως 98% και θεωρητική επιστροφή 99% σε κάθε ποντάρισμα.',
    },
    categories: ['dice', 'popular'],
    theme: { background: '#16121f', accent: '#8e7cc3', symbol: 'eye-of-oracle' },
    releasedAt: '2025-10-02',
    minBet: 0.1,
    maxBet: 500,
  }),
  dice({
    id: 'astragali',
    brand: 'olympus-tables',
    variant: 'classic',
    title: { en: 'Astragali', el: 'Αστράγαλοι' },
    description: {
      en: 'The ancient game of knucklebones, reborn as a provably fair roll from 0.00 to 99.99. Set your odds and the multiplier follows.',
      el: 'Το αρχαίο παιχνίδι των αστραγάλων ξαναζεί ως μια αποδεδειγμένα δίκαιη ζαριά από 0,00 έως 99,99. Ορίστε την πιθανότητα και ο πολλαπλασιαστής ακολουθεί.',
    },
    categories: ['dice', 'new'],
    theme: { background: '#3a2f25', accent: '#e3d3b5', symbol: 'knucklebone' },
    releasedAt: '2026-11-12',
    minBet: 0.1,
    maxBet: 250,
  }),
];

const byId = new Map(titles.map((title) => [title.id, title]));

/** A title by its catalogue id (the wallet's game code), or undefined. */
export const titleById = (id: string): StudioTitle | undefined => byId.get(id);
