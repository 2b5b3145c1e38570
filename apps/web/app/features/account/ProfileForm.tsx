import type { Player } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { adult, localizePath, maxLength, minimumAgeFor, notArabic, phone } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import {
  CheckboxField,
  FormAlert,
  FormSuccess,
  onlyProblems,
  SubmitButton,
  TextField,
  useProblemFocus,
} from '../../ui/fields';
import { usePlayer } from '../player/player-session';
import { sendWithCaptcha } from './form-api';
import { describeRule, problemsFrom, withUnshownInBase } from './problems';

const textFields = [
  'first_name',
  'last_name',
  'date_of_birth',
  'phone',
  'city',
  'address',
  'postal_code',
] as const;
type TextFieldName = (typeof textFields)[number];
const flagFields = ['receive_promos', 'receive_sms_promos', 'agreed_to_partner_promotions'] as const;
type FlagName = (typeof flagFields)[number];

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

const textValues = (player: Player): Record<TextFieldName, string> => ({
  first_name: player.first_name ?? '',
  last_name: player.last_name ?? '',
  date_of_birth: displayDate(player.date_of_birth),
  phone: player.phone ?? '',
  city: player.city ?? '',
  address: player.address ?? '',
  postal_code: player.postal_code ?? '',
});

const flagValues = (player: Player): Record<FlagName, boolean> => ({
  receive_promos: player.receive_promos,
  receive_sms_promos: player.receive_promos && player.receive_sms_promos,
  agreed_to_partner_promotions: player.agreed_to_partner_promotions,
});

/**
 * The personal details of /profile/general (PATCH /player, context profile) with the rules of spec §5:
 * names, city and address in any script but Arabic, a real birth date of an adult under this licence,
 * an international phone number; and the offers the player wants, SMS only together with offers.
 */
export function ProfileForm() {
  const { t, locale } = useTranslation();
  const player = usePlayer();
  const { revalidate } = useRevalidator();
  const license = useRootData()?.license ?? 'curacao';
  const minimumAge = minimumAgeFor(license);
  const [values, setValues] = useState(() => (player ? textValues(player) : null));
  const [flags, setFlags] = useState(() => (player ? flagValues(player) : null));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [solving, setSolving] = useState(false);
  const { formRef, focusProblems } = useProblemFocus();

  // Another player signing in on this tab starts the form afresh; a reload of the same player after
  // saving keeps what is on screen.
  const [formFor, setFormFor] = useState(player?.id);
  if (player && formFor !== player.id) {
    setFormFor(player.id);
    setValues(textValues(player));
    setFlags(flagValues(player));
    setProblems({});
    setSaved(false);
  }

  if (!player || !values || !flags) return null;

  const change = (name: TextFieldName, value: string) => {
    setValues({ ...values, [name]: value });
    setSaved(false);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values || !flags) return;
    const tidy = Object.fromEntries(
      textFields.map((name) => [
        name,
        name === 'date_of_birth' ? tidyDate(values[name]) : values[name].trim(),
      ]),
    ) as Record<TextFieldName, string>;
    setValues(tidy);
    const found = onlyProblems({
      first_name: describeRule(t, notArabic(tidy.first_name) ?? maxLength(tidy.first_name, 100)),
      last_name: describeRule(t, notArabic(tidy.last_name) ?? maxLength(tidy.last_name, 100)),
      date_of_birth: describeRule(t, adult(tidy.date_of_birth, minimumAge)),
      phone: describeRule(t, phone(tidy.phone)),
      city: describeRule(t, notArabic(tidy.city) ?? maxLength(tidy.city, 100)),
      address: describeRule(t, notArabic(tidy.address) ?? maxLength(tidy.address, 200)),
      postal_code: describeRule(t, maxLength(tidy.postal_code, 20)),
    });
    setProblems(found);
    setSaved(false);
    focusProblems();
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const response = await sendWithCaptcha(
      endpoints.player.update,
      {
        body: {
          context: 'profile',
          player: {
            ...Object.fromEntries(textFields.map((name) => [name, tidy[name] === '' ? null : tidy[name]])),
            ...flags,
            receive_sms_promos: flags.receive_promos && flags.receive_sms_promos,
          },
        },
      },
      () => setSolving(true),
    ).catch(() => null);
    setBusy(false);
    setSolving(false);
    if (response?.status === 200) {
      setSaved(true);
      await revalidate();
      return;
    }
    setProblems(withUnshownInBase(problemsFrom(t, response), [...textFields, ...flagFields]));
    focusProblems();
  }

  const field = (
    name: TextFieldName,
    label: string,
    options: { autoComplete?: string; type?: 'text' | 'tel'; hint?: string; onBlur?: () => void } = {},
  ) => (
    <TextField
      id={`profile-${name}`}
      name={name}
      label={label}
      type={options.type}
      autoComplete={options.autoComplete}
      inputMode={options.type === 'tel' ? 'tel' : undefined}
      hint={options.hint}
      value={values[name]}
      problem={problems[name]}
      onChange={(value) => change(name, value)}
      onBlur={options.onBlur}
    />
  );

  const flag = (name: FlagName, label: string, disabled = false) => (
    <CheckboxField
      id={`profile-${name}`}
      name={name}
      label={label}
      checked={flags[name]}
      disabled={disabled}
      problem={problems[name]}
      onChange={(checked) => {
        // SMS offers depend on offers (spec §4): turning offers off turns SMS off too.
        setFlags({
          ...flags,
          [name]: checked,
          ...(name === 'receive_promos' && !checked ? { receive_sms_promos: false } : {}),
        });
        setSaved(false);
      }}
    />
  );

  return (
    <form ref={formRef} className="profile-form" noValidate onSubmit={submit}>
      <div className="profile-form__email">
        <span className="profile-form__label">{t('auth.email')}</span>
        <span className="profile-form__value">{player.email}</span>
        <span className={`badge ${player.confirmed ? 'badge--ok' : 'badge--muted'}`}>
          {player.confirmed ? t('profile.general.confirmed') : t('profile.general.unconfirmed')}
        </span>
      </div>

      <fieldset className="profile-form__group">
        <legend>{t('profile.general.personal')}</legend>
        <div className="profile-form__row">
          {field('first_name', t('profile.general.firstName'), { autoComplete: 'given-name' })}
          {field('last_name', t('profile.general.lastName'), { autoComplete: 'family-name' })}
        </div>
        <div className="profile-form__row">
          {field('date_of_birth', t('profile.general.dateOfBirth'), {
            autoComplete: 'bday',
            hint: t('profile.general.dateHint', { age: minimumAge }),
            onBlur: () => change('date_of_birth', tidyDate(values.date_of_birth)),
          })}
          {field('phone', t('profile.general.phone'), {
            autoComplete: 'tel',
            type: 'tel',
            hint: t('profile.general.phoneHint'),
          })}
        </div>
      </fieldset>

      <fieldset className="profile-form__group">
        <legend>{t('profile.general.residence')}</legend>
        {field('address', t('profile.general.address'), { autoComplete: 'street-address' })}
        <div className="profile-form__row">
          {field('city', t('profile.general.city'), { autoComplete: 'address-level2' })}
          {field('postal_code', t('profile.general.postalCode'), { autoComplete: 'postal-code' })}
        </div>
      </fieldset>

      <fieldset className="profile-form__group">
        <legend>{t('profile.general.offers')}</legend>
        {flag('receive_promos', t('auth.promos'))}
        {flag('receive_sms_promos', t('auth.smsPromos'), !flags.receive_promos)}
        {flag('agreed_to_partner_promotions', t('profile.general.partnerPromos'))}
      </fieldset>

      <FormAlert problem={problems.base} />
      {saved ? <FormSuccess>{t('profile.general.saved')}</FormSuccess> : null}
      <div className="profile-form__actions">
        <SubmitButton busy={busy} solving={solving} label={t('profile.general.save')} />
        <Link to={localizePath('/profile/general/security', locale)}>{t('profile.general.toSecurity')}</Link>
      </div>
    </form>
  );
}
