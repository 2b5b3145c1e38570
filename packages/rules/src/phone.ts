import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { blank, type RuleResult } from './validation.ts';

/**
 * International format with the country code, e.g. +30 694 123 4567. A module of its own: the
 * phone-number data behind it weighs more than all the other rules, and only the forms that ask
 * for a phone number should load it.
 */
export const phone = (value: string): RuleResult => {
  if (blank(value)) return null;
  try {
    return isValidPhoneNumber(value) ? null : { key: 'phone' };
  } catch {
    return { key: 'phone' };
  }
};
