import { describe, expect, it, vi } from 'vitest';
import {
  cashierNotLoggedInWarning,
  cashierOutcome,
  cashierTabFromHash,
  isCashierHash,
  runCashierOutcome,
} from './cashier-rules.ts';

const state = (over: Partial<Parameters<typeof cashierOutcome>[0]> = {}) => ({
  fetched: true,
  loggedIn: true,
  cashierDisabled: false,
  via: 'address' as const,
  ...over,
});

function actions(remembered: { email: string; first_name: string | null } | null = null) {
  return { open: vi.fn(), navigate: vi.fn(), warn: vi.fn(), remembered: vi.fn(() => remembered) };
}

describe('cashier opening rules (spec §2, §4)', () => {
  it('waits for the player to be fetched before deciding anything asked for by address', () => {
    expect(cashierOutcome(state({ fetched: false, loggedIn: false }))).toBe('wait');
    const run = actions();
    expect(runCashierOutcome('wait', 'deposit', 'en', run)).toBe(false);
    expect(run.open).not.toHaveBeenCalled();
    expect(run.navigate).not.toHaveBeenCalled();
  });

  it('opens the cashier for a logged-in player, on the tab asked for', () => {
    expect(cashierOutcome(state())).toBe('open');
    expect(cashierOutcome(state({ via: 'call' }))).toBe('open');
    const run = actions();
    runCashierOutcome('open', 'withdraw', 'en', run);
    expect(run.open).toHaveBeenCalledWith('CashierAuth', { tab: 'withdraw' });
  });

  it('gives an anonymous visitor who asked by address the Login modal, or the re-login one', () => {
    expect(cashierOutcome(state({ loggedIn: false }))).toBe('login');
    const fresh = actions();
    runCashierOutcome('login', 'deposit', 'en', fresh);
    expect(fresh.open).toHaveBeenCalledWith('Login', undefined);

    const returning = actions({ email: 'eleni@example.gr', first_name: 'Eleni' });
    runCashierOutcome('login', 'deposit', 'el', returning);
    expect(returning.open).toHaveBeenCalledWith('Login', {
      remembered: { email: 'eleni@example.gr', first_name: 'Eleni' },
    });
  });

  it('only warns, opening nothing, when code opens it without a player', () => {
    expect(cashierOutcome(state({ loggedIn: false, via: 'call' }))).toBe('warn');
    expect(cashierOutcome(state({ fetched: false, loggedIn: false, via: 'call' }))).toBe('warn');
    const run = actions();
    expect(runCashierOutcome('warn', 'deposit', 'en', run)).toBe(true);
    expect(run.warn).toHaveBeenCalledWith(cashierNotLoggedInWarning);
    expect(run.open).not.toHaveBeenCalled();
    expect(run.navigate).not.toHaveBeenCalled();
  });

  it('sends a player of a cashier-disabled country to the wallet page, in their language', () => {
    expect(cashierOutcome(state({ cashierDisabled: true }))).toBe('redirect');
    expect(cashierOutcome(state({ cashierDisabled: true, via: 'call' }))).toBe('redirect');
    // A visitor from such a country still signs in first.
    expect(cashierOutcome(state({ cashierDisabled: true, loggedIn: false }))).toBe('login');

    const english = actions();
    runCashierOutcome('redirect', 'deposit', 'en', english);
    expect(english.navigate).toHaveBeenCalledWith('/profile/wallet/deposit');
    const greek = actions();
    runCashierOutcome('redirect', 'deposit', 'el', greek);
    expect(greek.navigate).toHaveBeenCalledWith('/el/profile/wallet/deposit');
    const withdraw = actions();
    runCashierOutcome('redirect', 'withdraw', 'el', withdraw);
    expect(withdraw.navigate).toHaveBeenCalledWith('/el/profile/wallet/withdrawal');
    expect(greek.open).not.toHaveBeenCalled();
  });
});

describe('cashier hashes', () => {
  it('are any hash containing "cashier", in any case or encoding', () => {
    for (const hash of [
      '#cashier',
      '#Cashier',
      '#openCashier',
      '#cashier-withdraw',
      '#%63ashier',
      'cashier',
    ]) {
      expect(isCashierHash(hash), hash).toBe(true);
    }
    for (const hash of ['', '#', '#Login', '#CashierAuth'.replace('Cashier', 'Cash'), '#%E0%A4%A']) {
      expect(isCashierHash(hash), hash).toBe(false);
    }
  });

  it('open the Withdraw tab when they say so, else Deposit', () => {
    expect(cashierTabFromHash('#cashier')).toBe('deposit');
    expect(cashierTabFromHash('#cashier-withdraw')).toBe('withdraw');
    expect(cashierTabFromHash('#cashier/withdrawal')).toBe('withdraw');
    expect(cashierTabFromHash('#cashier-cashout')).toBe('withdraw');
    expect(cashierTabFromHash('#withdraw')).toBe('deposit');
  });
});
