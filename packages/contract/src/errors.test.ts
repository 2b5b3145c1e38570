import { fallbackMessages } from '@chrysos/rules';
import { describe, expect, it } from 'vitest';
import { allErrorCodes, errorBody, errorCodes, isErrorCode } from './errors.ts';

describe('error codes', () => {
  it('are unique, lower-case words, and each starts with its group unless it is the platform’s own', () => {
    expect(new Set(allErrorCodes).size).toBe(allErrorCodes.length);
    for (const [group, codes] of Object.entries(errorCodes)) {
      for (const code of codes) {
        expect(code).toMatch(/^[a-z]+(_[a-z]+)*(\.[a-zA-Z]+(_[a-z]+)*)?$/);
        if (group !== 'platform') expect(code.startsWith(`${group}.`), code).toBe(true);
      }
    }
  });

  it('never make one code the group of another, so translations can nest by the dots', () => {
    for (const code of allErrorCodes) {
      expect(
        allErrorCodes.filter((other) => other.startsWith(`${code}.`)),
        code,
      ).toEqual([]);
    }
  });

  it('name every field rule of @chrysos/rules as validation.<rule>', () => {
    for (const key of Object.keys(fallbackMessages)) expect(isErrorCode(`validation.${key}`), key).toBe(true);
  });

  it('describe error bodies whose codes are all known', () => {
    const body = {
      errors: { email: ['has already been taken'] },
      codes: { email: ['auth.email_taken'] },
      params: { email: [{}] },
    };
    expect(errorBody.parse(body)).toEqual(body);
    expect(errorBody.safeParse({ ...body, codes: { email: ['email.taken'] } }).success).toBe(false);
  });
});
