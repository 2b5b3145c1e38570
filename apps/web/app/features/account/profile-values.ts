import type { Player } from '@chrysos/contract';

/*
 * The /profile/general form's fields and values, shared by the form and the route's loader and action:
 * the loader fills the form with them, the action answers with what it saved or refused.
 */

export const textFields = [
  'first_name',
  'last_name',
  'date_of_birth',
  'phone',
  'city',
  'address',
  'postal_code',
] as const;
export type TextFieldName = (typeof textFields)[number];
export const flagFields = ['receive_promos', 'receive_sms_promos', 'agreed_to_partner_promotions'] as const;
export type FlagName = (typeof flagFields)[number];

/** What the form shows and sends: texts as typed (the date as 24.03.1990) and the offers wanted. */
export interface ProfileValues {
  text: Record<TextFieldName, string>;
  flags: Record<FlagName, boolean>;
}

/** The player's details the form shows, beside what it edits: the address and whether it is confirmed. */
export interface ProfileDetails {
  id: string;
  email: string;
  confirmed: boolean;
  values: ProfileValues;
}

/** What the action answers: saved, or the problems per field (`base` for the form) beside what was sent. */
export type ProfileResult =
  | { saved: true; values: ProfileValues }
  | { saved: false; values: ProfileValues; problems: Record<string, string> };

/** A stored ISO date (1990-03-24) as the form shows and sends it (24.03.1990). */
export function displayDate(value: string | null): string {
  if (!value) return '';
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : value;
}

/** What people type for a date, tidied: 24031990, 24/03/1990 and 24-3-1990 all read 24.03.1990. */
export function tidyDate(value: string): string {
  const text = value.trim();
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (digits) return `${digits[1]}.${digits[2]}.${digits[3]}`;
  const parts = /^(\d{1,2})[./\-\s](\d{1,2})[./\-\s](\d{4})$/.exec(text);
  return parts ? `${parts[1]?.padStart(2, '0')}.${parts[2]?.padStart(2, '0')}.${parts[3]}` : text;
}

/** The form's values for a stored player; SMS offers only together with offers (spec §4). */
export function profileValuesOf(player: Player): ProfileValues {
  return {
    text: {
      first_name: player.first_name ?? '',
      last_name: player.last_name ?? '',
      date_of_birth: displayDate(player.date_of_birth),
      phone: player.phone ?? '',
      city: player.city ?? '',
      address: player.address ?? '',
      postal_code: player.postal_code ?? '',
    },
    flags: {
      receive_promos: player.receive_promos,
      receive_sms_promos: player.receive_promos && player.receive_sms_promos,
      agreed_to_partner_promotions: player.agreed_to_partner_promotions,
    },
  };
}

/**
 * The values of a submitted form, tidied as the form tidies them on the way (trimmed, the date read
 * 24.03.1990); an absent or non-text entry is empty, an absent checkbox unticked.
 */
export function profileValuesFrom(form: FormData): ProfileValues {
  const entry = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const text = Object.fromEntries(
    textFields.map((name) => [name, name === 'date_of_birth' ? tidyDate(entry(name)) : entry(name).trim()]),
  ) as Record<TextFieldName, string>;
  const ticked = (name: FlagName) => form.has(name);
  return {
    text,
    flags: {
      receive_promos: ticked('receive_promos'),
      receive_sms_promos: ticked('receive_promos') && ticked('receive_sms_promos'),
      agreed_to_partner_promotions: ticked('agreed_to_partner_promotions'),
    },
  };
}
