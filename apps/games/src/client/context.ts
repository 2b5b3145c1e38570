import type { Freespins, Lang, RoundAnswer, StudioApi, StudioSession } from './api.ts';
import type { Translate } from './i18n.ts';
import type { StakeRules } from './stakes.ts';

/** What the shell gives each game: the session, words, money, and the calls that move money. */
export interface GameContext {
  session: StudioSession;
  lang: Lang;
  t: Translate;
  /** Minor units in the session's currency. */
  money: (minor: number) => string;
  reducedMotion: boolean;
  /** The balance on screen (minor units), null when unknown. */
  balance: number | null;
  /**
   * The free spins the launch brought, as last shown (a spin's outcome counts once revealed), or null.
   * While spins are left, a slot plays them at their stake, which the player cannot change.
   */
  freespins: Freespins | null;
  stakeRules: StakeRules;
  /**
   * When the next round may start (`performance.now()` time; 0 or past: now), under a licence with a
   * minimum game cycle (session.gameplay). `play` asks for no round before it.
   */
  nextRoundAt: number;
  api: StudioApi;
  /**
   * Plays a round. The balance on screen drops by the stake at once; the win is added when the game
   * calls `reveal` at the end of its animation. Returns null after showing the player what went wrong.
   */
  play<View>(bet: unknown): Promise<RoundAnswer<View> | null>;
  /** A decision in an open round (blackjack); the balance shown follows the answer. */
  act<View>(roundId: string, action: string): Promise<RoundAnswer<View> | null>;
  /** The outcome is on screen: show the final balance, tell the casino, update the last rounds. */
  reveal(answer: RoundAnswer<unknown>): void;
  /** Says something to assistive technology (a polite live region). */
  announce(text: string): void;
  /** A hand is being played: the seed pair must not change until it is over. */
  setRoundInPlay(open: boolean): void;
  /** Clears the problem banner (a new bet is being made). */
  clearProblem(): void;
}
