import { describe, expect, it } from 'vitest';
import { phone } from './phone.ts';
import {
  adult,
  confirmed,
  email,
  maxLength,
  maxValue,
  messageFor,
  minimumAgeFor,
  minLength,
  minValue,
  notArabic,
  plainText,
  required,
} from './validation.ts';

const text = (result: ReturnType<typeof required>) => (result ? messageFor(result) : null);
const today = new Date('2026-11-22T12:00:00Z');

describe('field rules of spec §5', () => {
  it('required', () => {
    expect(text(required(''))).toBe('Field is required');
    expect(text(required('  '))).toBe('Field is required');
    expect(text(required(undefined))).toBe('Field is required');
    expect(text(required(false))).toBe('Field is required');
    expect(required('x')).toBeNull();
    expect(required(true)).toBeNull();
  });

  it.each([
    ['player@chrysos.casino', null],
    ['first.last+tag@mail.example.gr', null],
    ['no-at-sign', 'Must be a valid email'],
    ['two@@signs.com', 'Must be a valid email'],
    ['space in@mail.com', 'Must be a valid email'],
    ['nodot@localhost', 'Must be a valid email'],
    [`${'a'.repeat(250)}@x.com`, 'Must be a valid email'],
  ])('email %s', (value, expected) => {
    expect(text(email(value))).toBe(expected);
  });

  it('lengths, confirmation and values', () => {
    expect(text(minLength('short', 8))).toBe('Must be at least 8 characters');
    expect(minLength('longenough', 8)).toBeNull();
    expect(text(maxLength('x'.repeat(129), 128))).toBe('Must be at most 128 characters');
    expect(text(confirmed('secret-one', 'secret-two'))).toBe('Passwords do not match!');
    expect(confirmed('same', 'same')).toBeNull();
    expect(text(minValue(5, 10))).toBe('Must be at least 10');
    expect(text(maxValue(5000, 1000))).toBe('Must be at most 1000');
  });

  it('notArabic', () => {
    expect(text(notArabic('محمد'))).toBe('Please enter data in English letters');
    expect(notArabic('Γιώργος')).toBeNull();
    expect(notArabic('John')).toBeNull();
  });

  it('plainText: no control characters, line breaks only where a field has lines', () => {
    for (const value of ['n\u0000', '\u0001x', 'a\u001fb', 'del\u007f', 'two\nlines', 'tab\there', 'cr\r']) {
      expect(text(plainText(value))).toBe('Contains characters that are not allowed');
    }
    expect(plainText('Γιώργος Παπαδόπουλος')).toBeNull();
    // Half a surrogate pair is no character; a whole pair (an emoji) is one.
    for (const value of ['\ud800', 'x\udc00y', 'end\ud83d']) {
      expect(text(plainText(value, { multiline: true }))).toBe('Contains characters that are not allowed');
    }
    expect(plainText('Καλή τύχη 🍀')).toBeNull();
    expect(plainText('first line\r\nsecond\tline', { multiline: true })).toBeNull();
    expect(text(plainText('message\u0000', { multiline: true }))).toBe(
      'Contains characters that are not allowed',
    );
    expect(text(plainText('bell\u0007', { multiline: true }))).toBe(
      'Contains characters that are not allowed',
    );
  });

  it('phone', () => {
    expect(phone('+30 694 123 4567')).toBeNull();
    expect(phone('+44 7911 123456')).toBeNull();
    expect(phone('+30 210 323 4567')).toBeNull();
    expect(text(phone('12345'))).toBe('Must be a valid phone');
    expect(text(phone('+30 12'))).toBe('Must be a valid phone');
  });

  it.each([
    ['22.11.2008', 18, null], // 18 today
    ['23.11.2008', 18, 'Underage'], // 18 tomorrow
    ['22.11.2005', 21, null],
    ['23.11.2005', 21, 'Underage'],
    ['22.11.1898', 18, 'Underage'],
    ['23.11.1898', 18, null],
    ['31.02.1990', 18, 'Must be a real date in the format dd.MM.yyyy'],
    ['1990-02-01', 18, 'Must be a real date in the format dd.MM.yyyy'],
  ])('adult %s (minimum %i)', (value, minimum, expected) => {
    expect(text(adult(value, minimum, today))).toBe(expected);
  });

  it('requires 21 under the Estonian licence and 18 elsewhere', () => {
    expect(minimumAgeFor('estonia')).toBe(21);
    expect(minimumAgeFor('curacao')).toBe(18);
  });
});
