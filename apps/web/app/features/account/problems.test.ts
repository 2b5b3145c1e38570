import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/catalogues.server';
import { createTranslator } from '../../lib/i18n';
import { problemsFrom, withUnshownInBase } from './problems';

const { en, el } = catalogues;

const english = createTranslator(en);
const greek = createTranslator(el);

describe('account answers in the visitor’s language', () => {
  it('reads an answer into field problems by code, with plain field names', () => {
    expect(
      problemsFrom(greek, {
        status: 422,
        body: {
          errors: {
            'player.first_name': ['Please enter data in English letters'],
            'user.profile_attributes.country': ['is not a known country'],
            password: ['Must be at least 8 characters'],
            email: ['has already been taken'],
          },
          codes: {
            'player.first_name': ['validation.notArabic'],
            'user.profile_attributes.country': ['info.unknown_country'],
            password: ['validation.min'],
            email: ['auth.email_taken'],
          },
          params: { password: [{ min: 8 }] },
        },
      }),
    ).toEqual({
      first_name: el.validation.notArabic,
      country: el.codes.info.unknown_country,
      password: 'Πρέπει να έχει τουλάχιστον 8 χαρακτήρες',
      email: el.codes.auth.email_taken,
    });
  });

  it('says how long to wait after too many attempts', () => {
    const limited = {
      status: 429,
      body: {
        errors: { base: ['Too many attempts. Please try again in 12 minutes.'] },
        codes: { base: ['rate_limited'] },
        params: { base: [{ minutes: 12 }] },
      },
    };
    expect(problemsFrom(greek, limited)).toEqual({
      base: 'Πάρα πολλές προσπάθειες. Δοκιμάστε ξανά σε 12 λεπ.',
    });
  });

  it('keeps the server’s words for a code it does not know', () => {
    const newer = {
      status: 422,
      body: { errors: { phone: ['is blocked'] }, codes: { phone: ['player.blocked'] } },
    };
    expect(problemsFrom(english, newer)).toEqual({ phone: 'is blocked' });
  });

  it('explains answers without problems by their status: signed out, too many, network failure', () => {
    expect(problemsFrom(english, { status: 429, body: {} })).toEqual({ base: en.account.tooMany });
    expect(problemsFrom(english, { status: 401, body: {} })).toEqual({ base: en.account.signedOut });
    expect(problemsFrom(english, null)).toEqual({ base: en.auth.failed });
    expect(problemsFrom(english, { status: 500, body: {} })).toEqual({ base: en.auth.failed });
  });

  it('moves messages of fields a form does not show into its form-level message', () => {
    expect(withUnshownInBase({ email: 'a', currency: 'b', base: 'c' }, ['email'])).toEqual({
      email: 'a',
      base: 'c b',
    });
  });
});
