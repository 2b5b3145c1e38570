import { describe, expect, it } from 'vitest';
import { errorFromAnswer, StudioError } from './api.ts';
import { translator } from './i18n.ts';
import { describeProblem } from './problems.ts';

const context = (mode: 'real' | 'demo', lang: 'en' | 'el' = 'en') => ({
  t: translator(lang),
  mode,
  stakeRange: { min: '€0.10', max: '€100.00' },
});

const refused = (reason: string) => errorFromAnswer(409, { errors: { round: [reason] }, balance: 120 });

describe('describeProblem', () => {
  it('offers a deposit when real money runs short, not in demo play', () => {
    const real = describeProblem(refused('RS_ERROR_NOT_ENOUGH_MONEY'), context('real'));
    expect(real.deposit).toBe(true);
    expect(real.message).toMatch(/balance is too low/);
    const demo = describeProblem(refused('RS_ERROR_NOT_ENOUGH_MONEY'), context('demo'));
    expect(demo.deposit).toBe(false);
    expect(demo.message).toMatch(/play money/);
  });

  it('has its own words for every wallet status and round state the API sends', () => {
    const reasons = [
      'RS_ERROR_LIMIT_REACHED',
      'RS_ERROR_USER_DISABLED',
      'RS_ERROR_TOKEN_EXPIRED',
      'RS_ERROR_INVALID_TOKEN',
      'WALLET_UNAVAILABLE',
      'ROUND_NOT_OPEN',
      'ROUND_BUSY',
    ];
    const generic = describeProblem(refused('RS_ERROR_SOMETHING_NEW'), context('real')).message;
    for (const reason of reasons) {
      for (const lang of ['en', 'el'] as const) {
        const message = describeProblem(refused(reason), context('real', lang)).message;
        expect(message).not.toBe(generic);
        expect(message).not.toContain(reason);
      }
    }
  });

  it('ends the game when the session or its wallet token has expired', () => {
    expect(
      describeProblem(errorFromAnswer(401, { errors: { session: ['ended'] } }), context('real')).fatal,
    ).toBe(true);
    expect(describeProblem(refused('RS_ERROR_TOKEN_EXPIRED'), context('real')).fatal).toBe(true);
    expect(describeProblem(refused('ROUND_BUSY'), context('real')).fatal).toBe(false);
  });

  it('quotes an unknown refusal code for support, but never a server sentence', () => {
    expect(describeProblem(refused('RS_ERROR_UNKNOWN'), context('real', 'el')).message).toContain(
      'RS_ERROR_UNKNOWN',
    );
    const sentence = describeProblem(refused('Something <b>odd</b> happened'), context('real')).message;
    expect(sentence).not.toContain('odd');
    expect(sentence).toContain('UNKNOWN');
  });

  it('names the stake limits for a refused stake and asks for a refresh after a lost connection', () => {
    const stake = describeProblem(
      errorFromAnswer(422, { errors: { stake: ['The stake must…'] } }),
      context('real'),
    );
    expect(stake.message).toContain('€0.10');
    expect(stake.message).toContain('€100.00');
    const network = describeProblem(new StudioError('network', 0), context('real'));
    expect(network.refresh).toBe(true);
  });

  it('reads the balance a refusal reports', () => {
    expect(refused('RS_ERROR_NOT_ENOUGH_MONEY').balance).toBe(120);
    expect(refused('RS_ERROR_NOT_ENOUGH_MONEY').reason).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
  });
});

describe('errorFromAnswer', () => {
  it('reads the code of a refusal and its reason from the parameters', () => {
    const error = errorFromAnswer(409, {
      errors: { round: ['The round was refused.'] },
      codes: { round: ['studio.refused'] },
      params: { round: [{ reason: 'ROUND_BUSY' }] },
      balance: 80,
    });
    expect(error).toMatchObject({
      kind: 'refused',
      code: 'studio.refused',
      reason: 'ROUND_BUSY',
      balance: 80,
      field: 'round',
    });
    expect(describeProblem(error, context('real', 'el')).message).toBe(
      describeProblem(refused('ROUND_BUSY'), context('real', 'el')).message,
    );
  });

  it('keeps the field and code of an invalid bet', () => {
    const error = errorFromAnswer(422, {
      errors: { stake: ['The stake must be between 10 and 10000.'] },
      codes: { stake: ['studio.invalid_stake'] },
    });
    expect(error).toMatchObject({ kind: 'invalid', field: 'stake', code: 'studio.invalid_stake' });
  });

  it('says a round came sooner than the licence’s game cycle allows, in the session’s language', () => {
    const answer = {
      errors: { round: ['A round of this game can start only 2.5 seconds after the last one began.'] },
      codes: { round: ['studio.too_soon'] },
      params: { round: [{ seconds: 2.5, wait_ms: 1_200 }] },
    };
    const error = errorFromAnswer(429, answer);
    expect(error).toMatchObject({ kind: 'too-soon', waitMs: 1_200, cycleSeconds: 2.5 });
    const english = describeProblem(error, { ...context('real'), lang: 'en' });
    expect(english).toMatchObject({ deposit: false, fatal: false });
    expect(english.message).toContain('2.5 seconds');
    expect(describeProblem(error, { ...context('real', 'el'), lang: 'el' }).message).toContain(
      '2,5 δευτερόλεπτα',
    );
  });
});
