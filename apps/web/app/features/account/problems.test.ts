import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/catalogues.server';
import { createTranslator } from '../../lib/i18n';
import { problemsFrom, translateServerMessage, withUnshownInBase } from './problems';

const { en, el } = catalogues;

const english = createTranslator(en);
const greek = createTranslator(el);

describe('server messages in the visitor’s language', () => {
  it('recognises the shared rule messages with their parameters', () => {
    expect(translateServerMessage(greek, 'password', 'Must be at least 8 characters')).toBe(
      'Πρέπει να έχει τουλάχιστον 8 χαρακτήρες',
    );
    expect(translateServerMessage(greek, 'date_of_birth', 'Underage')).toBe(el.validation.adult);
    expect(translateServerMessage(english, 'password_confirmation', 'Passwords do not match!')).toBe(
      'Passwords do not match!',
    );
  });

  it('names the known account problems and keeps other messages as written', () => {
    expect(translateServerMessage(greek, 'email', 'has already been taken')).toBe(el.auth.emailTaken);
    expect(translateServerMessage(greek, 'current_password', 'is incorrect')).toBe(
      el.account.currentPasswordWrong,
    );
    expect(translateServerMessage(english, 'phone', 'is blocked')).toBe('is blocked');
  });

  it('reads an answer into field problems, with plain field names', () => {
    expect(
      problemsFrom(greek, {
        status: 422,
        body: {
          errors: {
            'player.first_name': ['Please enter data in English letters'],
            'user.profile_attributes.country': ['is not a known country'],
            base: ['Please check the form'],
          },
        },
      }),
    ).toEqual({
      first_name: el.validation.notArabic,
      country: el.account.unknownCountry,
      base: 'Please check the form',
    });
  });

  it('explains rate limits, lost sessions and network failures', () => {
    expect(problemsFrom(english, { status: 429, body: { errors: { base: ['Too many'] } } })).toEqual({
      base: en.account.tooMany,
    });
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
