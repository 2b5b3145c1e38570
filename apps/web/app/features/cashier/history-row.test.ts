import type { WalletTransaction } from '@chrysos/contract';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/catalogues.server';
import { createTranslator } from '../../lib/i18n';
import { kindLabel, shownAmount } from './history-row';

/** Every kind of movement the ledger books and the transactions list (apps/server wallet and modules). */
const bookedKinds = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'payout',
  'bet',
  'win',
  'rollback',
  'bonus_grant',
  'bonus_conversion',
  'bonus_forfeit',
  'prize_payout',
  'jackpot_win',
  'comp_exchange',
  'lottery_prize',
];

function movement(overrides: Partial<WalletTransaction>): WalletTransaction {
  return {
    id: 1,
    kind: 'deposit',
    currency: 'EUR',
    amount_cents: 0,
    real_cents: 0,
    bonus_cents: 0,
    held_cents: 0,
    game_code: null,
    game_title: null,
    method: null,
    round_win_cents: null,
    round: null,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('transaction rows say what a player understands (issue 31 item 21)', () => {
  it('names every kind of movement in English and Greek, never by the ledger word', () => {
    for (const locale of ['en', 'el'] as const) {
      const t = createTranslator(catalogues[locale]);
      for (const kind of bookedKinds) {
        const label = kindLabel(t, kind);
        expect(label, `${locale} ${kind}`).not.toContain('_');
        expect(label, `${locale} ${kind}`).not.toContain('wallet.history');
      }
    }
    expect(kindLabel(createTranslator(catalogues.en), 'bonus_forfeit')).toBe('Bonus removed');
    expect(kindLabel(createTranslator(catalogues.el), 'bonus_forfeit')).toBe('Αφαίρεση μπόνους');
    expect(kindLabel(createTranslator(catalogues.en), 'something_new')).toBe('Other movement');
  });

  it('shows a payout as the money sent to the payment method, not a change of €0.00', () => {
    expect(shownAmount(movement({ kind: 'payout', amount_cents: 0, held_cents: -2000 }))).toEqual({
      cents: 2000,
      signed: false,
    });
    expect(shownAmount(movement({ kind: 'withdrawal_hold', amount_cents: -2000, held_cents: 2000 }))).toEqual(
      {
        cents: -2000,
        signed: true,
      },
    );
  });
});
