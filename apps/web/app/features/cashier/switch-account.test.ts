import type { Account } from '@chrysos/contract';
import { describe, expect, it, vi } from 'vitest';
import { onCompPointsReload, reloadCompPoints } from '../loyalty/comp-points-reload.ts';
import type { SwitchAnswer } from './api.ts';
import { type SwitchSteps, switchAccount } from './switch-account.ts';

const account = (currency: string, active: boolean): Account => ({
  currency,
  amount_cents: 10_000,
  available_to_cashout_cents: 10_000,
  bonus_cents: 0,
  active,
});

/** A switch whose answer is `answer`, the three reloads recorded in the order they settle. */
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
    reload: { accounts: reloaded('accounts'), player: reloaded('player'), compPoints: reloadCompPoints },
  };
  return { given, show, settled };
}

describe('account switch (spec §4: sets the active currency, then reloads accounts, player and comp points)', () => {
  it('reloads the accounts, the player and every shown comp points, and settles after them', async () => {
    const accounts = [account('EUR', false), account('USD', true)];
    const { given, show, settled } = steps({ ok: true, status: 200, body: accounts } as SwitchAnswer);
    // Two readers, as the loyalty page and panel: each reads its comp points again.
    const panel = vi.fn(async () => {
      await Promise.resolve();
      settled.push('comp points (panel)');
    });
    const page = vi.fn(async () => {
      settled.push('comp points (page)');
    });
    const offPanel = onCompPointsReload(panel);
    const offPage = onCompPointsReload(page);
    try {
      const answer = await switchAccount('USD', given);
      expect(given.send).toHaveBeenCalledWith('USD');
      expect(show).toHaveBeenCalledWith(accounts);
      expect(answer?.ok).toBe(true);
      expect(panel).toHaveBeenCalledOnce();
      expect(page).toHaveBeenCalledOnce();
      // All settled before the switch did: what the player sees next is the server's state.
      expect([...settled].sort()).toEqual([
        'accounts',
        'comp points (page)',
        'comp points (panel)',
        'player',
      ]);
    } finally {
      offPanel();
      offPage();
    }
  });

  it('reloads nothing when the server refuses the switch or cannot be reached', async () => {
    const reader = vi.fn(async () => {});
    const off = onCompPointsReload(reader);
    try {
      const refused = steps({ ok: false, status: 422, body: { errors: [] } } as unknown as SwitchAnswer);
      expect((await switchAccount('XYZ', refused.given))?.ok).toBe(false);
      const unreachable = steps(Promise.reject(new Error('offline')));
      expect(await switchAccount('USD', unreachable.given)).toBeNull();
      for (const { show, settled } of [refused, unreachable]) {
        expect(show).not.toHaveBeenCalled();
        expect(settled).toEqual([]);
      }
      expect(reader).not.toHaveBeenCalled();
    } finally {
      off();
    }
  });

  it('a reader removed (its page left) is no longer read', async () => {
    const reader = vi.fn(async () => {});
    onCompPointsReload(reader)();
    await reloadCompPoints();
    expect(reader).not.toHaveBeenCalled();
  });
});
