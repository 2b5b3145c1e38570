import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import {
  CheckboxField,
  FormAlert,
  FormSuccess,
  SubmitButton,
  TextField,
  useProblemFocus,
} from '../../ui/fields';
import type { FlagName, ProfileDetails, ProfileResult, TextFieldName } from './profile-values';
import { tidyDate } from './profile-values';

/**
 * The personal details of /profile/general, submitted to the route's action (PATCH /player, context
 * profile), which answers with the rules of spec §5: names, city and address in any script but Arabic,
 * a real birth date of an adult under this licence, an international phone number; and the offers the
 * player wants, SMS only together with offers. Without JavaScript it posts as a plain form.
 */
export function ProfileForm({
  profile,
  minimumAge,
  posted,
}: {
  profile: ProfileDetails;
  minimumAge: number;
  /** The action's answer to a form posted without JavaScript, which the page was rendered with. */
  posted?: ProfileResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const fetcher = useFetcher<ProfileResult>();
  const [values, setValues] = useState(() => posted?.values.text ?? profile.values.text);
  const [flags, setFlags] = useState(() => posted?.values.flags ?? profile.values.flags);
  const [problems, setProblems] = useState<Record<string, string>>(() =>
    posted && !posted.saved ? posted.problems : {},
  );
  const [saved, setSaved] = useState(posted?.saved ?? false);
  const { formRef, focusProblems } = useProblemFocus();

  // The action's answer: what it saved (tidied as it was sent, say the birth date) or the problems to
  // fix, with the focus on the first. Saving revalidates the page, so the loaders read the new details.
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    setValues(answer.values.text);
    setFlags(answer.values.flags);
    setSaved(answer.saved);
    setProblems(answer.saved ? {} : answer.problems);
    if (!answer.saved) focusProblems();
  }, [answer, focusProblems]);

  const change = (name: TextFieldName, value: string) => {
    setValues({ ...values, [name]: value });
    setSaved(false);
  };

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
    <fetcher.Form ref={formRef} method="post" className="profile-form" noValidate>
      <div className="profile-form__email">
        <span className="profile-form__label">{t('auth.email')}</span>
        <span className="profile-form__value">{profile.email}</span>
        <span className={`badge ${profile.confirmed ? 'badge--ok' : 'badge--muted'}`}>
          {profile.confirmed ? t('profile.general.confirmed') : t('profile.general.unconfirmed')}
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
        <SubmitButton busy={fetcher.state !== 'idle'} solving={false} label={t('profile.general.save')} />
        <Link to={localizePath('/profile/general/security', locale)}>{t('profile.general.toSecurity')}</Link>
      </div>
    </fetcher.Form>
  );
}
