import { allErrorCodes, type ErrorCode } from '@chrysos/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorCatalogue, languageOf, messageOf } from './error-catalogue.ts';
import { AppError, describeError, errorBodyOf } from './errors.ts';
import { codeOfIssue } from './validator.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const greekLetters = /[\u0370-\u03ff\u1f00-\u1fff]/;

describe('the error catalogue', () => {
  it('has a status and an English and a Greek message for every code of the contract, and nothing else', () => {
    expect(Object.keys(errorCatalogue).sort()).toEqual([...allErrorCodes].sort());
    for (const code of allErrorCodes) {
      const { status, en, el } = errorCatalogue[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(en.trim(), code).not.toBe('');
      expect(el, `${code} is written in Greek`).toMatch(greekLetters);
      expect(placeholders(el), code).toEqual(placeholders(en));
    }
  });

  it('answers 5xx only for a fault of ours and a studio that cannot be reached', () => {
    const faults = allErrorCodes.filter((code) => errorCatalogue[code].status >= 500);
    expect(faults.sort()).toEqual(['games.studio_unavailable', 'internal']);
  });

  it('reads the language from Accept-Language: Greek for el, English otherwise', () => {
    expect(languageOf('el')).toBe('el');
    expect(languageOf('el-GR,el;q=0.9,en;q=0.8')).toBe('el');
    expect(languageOf('en-GB,el;q=0.5')).toBe('en');
    expect(languageOf('de')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('fills a message from its parameters', () => {
    expect(messageOf('rate_limited', { minutes: 3 }, 'el')).toBe(
      'Πάρα πολλές προσπάθειες. Παρακαλούμε δοκιμάστε ξανά σε 3 λεπτά.',
    );
    expect(messageOf('validation.min', { min: 8 })).toBe('Must be at least 8 characters');
  });
});

describe('error bodies', () => {
  it('keep messages, codes and parameters of each field in the same order', () => {
    const body = errorBodyOf(
      [
        { field: 'password', code: 'auth.common_password' },
        { field: 'password', code: 'validation.min', params: { min: 8 } },
        { field: 'email', code: 'auth.email_taken' },
      ],
      'en',
    );
    expect(body).toEqual({
      errors: {
        password: [
          'is among the most common passwords; choose one that is harder to guess',
          'Must be at least 8 characters',
        ],
        email: ['has already been taken'],
      },
      codes: { password: ['auth.common_password', 'validation.min'], email: ['auth.email_taken'] },
      params: { password: [{}, { min: 8 }] },
    });
  });

  it('give an AppError the status of its code and name nothing internal for any other error', () => {
    const taken = describeError(new AppError('auth.email_taken', { field: 'email' }), 'el');
    expect(taken).toEqual({
      status: 422,
      body: {
        errors: { email: ['Αυτό το email χρησιμοποιείται ήδη'] },
        codes: { email: ['auth.email_taken'] },
      },
    });
    const fault = describeError(new Error('relation "players" does not exist'), 'el');
    expect(fault).toEqual({
      status: 500,
      body: {
        errors: { base: ['Κάτι πήγε στραβά από την πλευρά μας. Παρακαλούμε δοκιμάστε ξανά.'] },
        codes: { base: ['internal'] },
      },
    });
  });
});

describe('codes of zod issues', () => {
  const codesOf = (schema: z.ZodType, value: unknown) =>
    (schema.safeParse(value, { reportInput: true }).error?.issues ?? []).map((issue) => codeOfIssue(issue));

  it.each<[string, z.ZodType, unknown, { code: ErrorCode; params?: object }]>([
    ['a missing value', z.object({ a: z.string() }), {}, { code: 'validation.required' }],
    ['a value of the wrong type', z.object({ a: z.string() }), { a: 5 }, { code: 'validation.invalid' }],
    ['an unticked acceptance', z.literal(true), false, { code: 'validation.required' }],
    ['an empty text', z.string().min(1), '', { code: 'validation.required' }],
    ['a short text', z.string().min(8), 'short', { code: 'validation.min', params: { min: 8 } }],
    ['a long text', z.string().max(3), 'long', { code: 'validation.max', params: { max: 3 } }],
    ['a long list', z.array(z.number()).max(1), [1, 2], { code: 'validation.max_items', params: { max: 1 } }],
    ['a small number', z.number().min(1), 0, { code: 'validation.min_value', params: { min: 1 } }],
    ['a big number', z.number().max(10), 11, { code: 'validation.max_value', params: { max: 10 } }],
    ['a malformed email', z.email(), 'x', { code: 'validation.email' }],
    ['an unknown option', z.enum(['a', 'b']), 'c', { code: 'validation.invalid' }],
  ])('%s', (_, schema, value, expected) => {
    expect(codesOf(schema, value)).toEqual([expected.params ? expected : { code: expected.code }]);
  });

  it('takes the code a contract rule gives its issue', () => {
    const schema = z.string().superRefine((_value, ctx) => {
      ctx.addIssue({ code: 'custom', message: 'x', params: { code: 'validation.requires', field: 'terms' } });
    });
    expect(codesOf(schema, 'a')).toEqual([{ code: 'validation.requires', params: { field: 'terms' } }]);
    const unknown = z.string().refine(() => false, { params: { code: 'no.such.code' } });
    expect(codesOf(unknown, 'a')).toEqual([{ code: 'validation.invalid' }]);
  });
});
