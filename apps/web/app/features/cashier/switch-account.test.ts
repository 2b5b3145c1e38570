import type { Account } from '@chrysos/contract';
import { describe, expect, it, vi } from 'vitest';
import type { SwitchAnswer } from './api.ts';
import { type SwitchSteps, switchAccount } from './switch-account.ts';

const account = (currency: string, active: boolean): Account => ({
  currency,
  amount_cents: 10_000,
  available_to_cashout_cents: 10_000,
  bonus_cents: 0,
  active,
});

/** A switch whose answer is `answer`, the reloads recorded in the order they settle. */
function steps(answer: SwitchAnswer | Promise<never>) {
  const settled: string[] = [];
  const reloaded = (name: string) => async () => {
    await Promise.resolve();
    settled.push(name);
  };
  const show = vi.fn();
  const given: SwitchSteps = {
    send: vi.fn(() => (answer instanceof Promise ? answer : Promise.resolve(answer))),
    show,
    // The page's loaders: the player and, on a loyalty page, the comp points.
    reload: { accounts: reloaded('accounts'), player: reloaded('page loaders') },
  };
  return { given, show, settled };
}

describe('account switch (spec §4: sets the active currency, then reloads accounts, player and comp points)', () => {
  it("reloads the accounts and the page's loaders, and settles after them", async () => {
    const accounts = [account('EUR', false), account('USD', true)];
    const { given, show, settled } = steps({ ok: true, status: 200, body: accounts } as SwitchAnswer);
    const answer = await switchAccount('USD', given);
    expect(given.send).toHaveBeenCalledWith('USD');
    expect(show).toHaveBeenCalledWith(accounts);
    expect(answer?.ok).toBe(true);
    // All settled before the switch did: what the player sees next is the server's state.
    expect([...settled].sort()).toEqual(['accounts', 'page loaders']);
  });

  it('reloads nothing when the server refuses the switch or cannot be reached', async () => {
    const refused = steps({ ok: false, status: 422, body: { errors: [] } } as unknown as SwitchAnswer);
    expect((await switchAccount('XYZ', refused.given))?.ok).toBe(false);
    const unreachable = steps(Promise.reject(new Error('offline')));
    expect(await switchAccount('USD', unreachable.given)).toBeNull();
    for (const { show, settled } of [refused, unreachable]) {
      expect(show).not.toHaveBeenCalled();
      expect(settled).toEqual([]);
    }
  });
});
