import { allErrorCodes } from '@chrysos/contract';
import type { Failure } from '@chrysos/contract/client';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../i18n/catalogues.server';
import { describeProblem, problemsOf, translationKeyOf } from './api-errors';
import { createTranslator } from './i18n';

const english = createTranslator(catalogues.en);
const greek = createTranslator(catalogues.el);
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('the words of the API’s error codes', () => {
  it('are in the catalogue for every code of the contract, in English and in Greek', () => {
    const missing = allErrorCodes.flatMap((code) =>
      [
        ['en', english],
        ['el', greek],
      ].flatMap(([locale, t]) => {
        const key = translationKeyOf(code);
        return (t as typeof english)(key) === key ? [`${locale} ${code}`] : [];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('use the same values in both languages and are written in Greek in Greek', () => {
    for (const code of allErrorCodes) {
      const key = translationKeyOf(code);
      expect(placeholders(greek(key)), code).toEqual(placeholders(english(key)));
      expect(greek(key), code).toMatch(/[\u0370-\u03ff]/);
    }
  });

  it('keep no translation of a code the contract does not have', () => {
    const codes = (node: object, prefix: string): string[] =>
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key}`] : codes(value as object, `${prefix}${key}.`),
      );
    expect(
      codes(catalogues.en.codes, '').filter((code) => !(allErrorCodes as string[]).includes(code)),
    ).toEqual([]);
  });
});

describe('problems of an error answer', () => {
  const answer: Failure = {
    ok: false,
    status: 422,
    body: {
      errors: {
        amount_cents: ['must be at least 1000'],
        email: ['has already been taken', 'Must be at most 255 characters'],
      },
      codes: {
        amount_cents: ['cashier.amount_below_minimum'],
        email: ['auth.email_taken', 'validation.max'],
      },
      params: { amount_cents: [{ min: 1000, currency: 'EUR' }], email: [{}, { max: 255 }] },
    },
  };

  it('pairs each message with its code and values', () => {
    expect(problemsOf(answer)).toEqual([
      {
        field: 'amount_cents',
        message: 'must be at least 1000',
        code: 'cashier.amount_below_minimum',
        params: { min: 1000, currency: 'EUR' },
      },
      { field: 'email', message: 'has already been taken', code: 'auth.email_taken', params: {} },
      {
        field: 'email',
        message: 'Must be at most 255 characters',
        code: 'validation.max',
        params: { max: 255 },
      },
    ]);
    expect(problemsOf(null)).toEqual([]);
  });

  it('says each in the visitor’s language by its code, amounts in the player’s money format', () => {
    const [minimum, taken, long] = problemsOf(answer) as [never, never, never];
    const money = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
    expect(describeProblem(greek, minimum, { money })).toBe('Το ελάχιστο ποσό είναι 10,00 €.');
    expect(describeProblem(greek, taken)).toBe(catalogues.el.codes.auth.email_taken);
    expect(describeProblem(greek, long)).toBe('Πρέπει να έχει το πολύ 255 χαρακτήρες');
    expect(describeProblem(english, long)).toBe('Must be at most 255 characters');
  });

  it('says the end of a break as a date and time in the visitor’s language', () => {
    const refusal = {
      field: 'base',
      message: 'You asked us to keep your account closed until 2026-11-25T14:05:00.000Z.',
      code: 'compliance.excluded_until',
      params: { until: '2026-11-25T14:05:00.000Z', kind: 'timeout' },
    };
    const english = describeProblem(createTranslator(catalogues.en), refusal, { locale: 'en' });
    const inGreek = describeProblem(greek, refusal, { locale: 'el' });
    expect(english).toContain('25 Nov 2026');
    expect(english).not.toContain('T14:05');
    expect(inGreek).toContain('25 Νοε 2026');
    expect(inGreek).toMatch(/^Ζητήσατε να μείνει ο λογαριασμός σας κλειστός έως 25 Νοε 2026, \d\d:05\./);
  });

  it('shows the server’s own words only for a code the page does not know, or none', () => {
    const newer = { field: 'base', message: 'Το μπόνους έληξε', code: 'bonus.expired', params: {} };
    expect(describeProblem(greek, newer)).toBe('Το μπόνους έληξε');
    expect(describeProblem(greek, { ...newer, code: undefined })).toBe('Το μπόνους έληξε');
  });
});
