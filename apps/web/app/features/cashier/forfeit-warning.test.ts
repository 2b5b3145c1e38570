import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/catalogues.server';
import { describeProblem, problemsOf } from '../../lib/api-errors';
import { createTranslator } from '../../lib/i18n';
import { withBonusTitle } from './forfeit-warning';

/** The cashier's refusal of a withdrawal while a bonus runs, as the API answers it. */
const refusal = {
  ok: false,
  status: 409,
  body: {
    errors: { forfeit_bonus: ['You have a bonus running.'] },
    codes: { forfeit_bonus: ['cashier.bonus_active'] },
    params: { forfeit_bonus: [{ bonus: '4733b984-5d1c-4c1e-9f0a-2b8f1c0f7e11' }] },
  },
};

describe('the withdrawal warning names the running bonus (issue 31 item 21)', () => {
  it('by its title in the player language, never by its id', () => {
    const [problem] = problemsOf(refusal);
    if (!problem) throw new Error('no problem read from the refusal');
    const bonuses = [
      { id: 'b0b0b0b0-0000-4000-8000-000000000000', title: 'Weekend reload' },
      { id: '4733b984-5d1c-4c1e-9f0a-2b8f1c0f7e11', title: 'Welcome package' },
    ];
    const en = describeProblem(createTranslator(catalogues.en), withBonusTitle(problem, bonuses));
    expect(en).toContain('You have a bonus running (Welcome package).');
    expect(en).not.toContain('4733b984');
    const greek = [{ id: '4733b984-5d1c-4c1e-9f0a-2b8f1c0f7e11', title: 'Πακέτο καλωσορίσματος' }];
    const el = describeProblem(createTranslator(catalogues.el), withBonusTitle(problem, greek));
    expect(el).toContain('Έχετε ενεργό μπόνους (Πακέτο καλωσορίσματος).');
  });
});
