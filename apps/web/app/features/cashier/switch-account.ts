import type { Account } from '@chrysos/contract';
import type { SwitchAnswer } from './api';

/** What an account switch does, each step given by the wallet (and a test). */
export interface SwitchSteps {
  /** Sets the active currency on the server (POST /player/accounts). */
  send(currency: string): Promise<SwitchAnswer>;
  /** Shows the accounts of the switch's answer at once. */
  show(accounts: Account[]): void;
  reload: {
    accounts(): Promise<void>;
    /**
     * The page's loaders: the player, whose currency follows the active account, and what the page
     * shows of them, the comp points among it (their exchange pays into the active account).
     */
    player(): Promise<void>;
  };
}

/**
 * Spec §4 Account switch: sets the active currency, then reloads accounts, player and comp points (the
 * page's loaders read the last two), settled before the switch is. Null when the server could not be
 * reached.
 */
export async function switchAccount(currency: string, steps: SwitchSteps): Promise<SwitchAnswer | null> {
  const answer = await steps.send(currency).catch(() => null);
  if (answer?.ok) {
    steps.show(answer.body);
    await Promise.all([steps.reload.accounts(), steps.reload.player()]);
  }
  return answer;
}
