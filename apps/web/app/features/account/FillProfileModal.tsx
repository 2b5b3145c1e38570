import type { Player } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { adult, maxLength, minimumAgeFor, notArabic, required } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { FormAlert, onlyProblems, SubmitButton, TextField, useProblemFocus } from '../../ui/fields';
import { useOpenCashier } from '../cashier/cashier';
import { usePlayer } from '../player/player-session';
import { sendWithCaptcha } from './form-api';
import { describeRule, problemsFrom, withUnshownInBase } from './problems';
import { tidyDate } from './profile-values';
import '../../styles/modal-messages.css';

/** The personal details a deposit needs (the licence's know-your-customer minimum), in form order. */
const depositFields = ['first_name', 'last_name', 'date_of_birth', 'address', 'city', 'postal_code'] as const;
type DepositField = (typeof depositFields)[number];

const labels: Record<DepositField, string> = {
  first_name: 'profile.general.firstName',
  last_name: 'profile.general.lastName',
  date_of_birth: 'profile.general.dateOfBirth',
  address: 'profile.general.address',
  city: 'profile.general.city',
  postal_code: 'profile.general.postalCode',
};

const autoComplete: Record<DepositField, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  date_of_birth: 'bday',
  address: 'street-address',
  city: 'address-level2',
  postal_code: 'postal-code',
};

/** The deposit's details this player has not given yet. */
export const missingDepositFields = (player: Player): DepositField[] =>
  depositFields.filter((field) => !player[field]);

/**
 * FillProfileAuth (spec §2 Modals): asks a signed-in player for the personal details a deposit needs
 * that their profile lacks, saves them with PATCH /player (context profile, only those fields) and
 * goes on to the deposit.
 */
export function FillProfileModal() {
  const { t } = useTranslation();
  const player = usePlayer();
  const { close } = useModals();
  const openCashier = useOpenCashier();
  const { revalidate } = useRevalidator();
  const license = useRootData()?.license ?? 'curacao';
  // The fields asked for stay those missing when the modal opened, also once saved.
  const [asked] = useState(() => (player ? missingDepositFields(player) : []));
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [solving, setSolving] = useState(false);
  const { formRef, focusProblems } = useProblemFocus();

  const toDeposit = () => {
    close('FillProfileAuth');
    openCashier('deposit');
  };

  if (!player) return null;
  if (asked.length === 0) {
    return (
      <div className="modal__body modal-message">
        <p className="notice notice--success" role="status">
          {t('fillProfile.complete')}
        </p>
        <div className="modal-message__actions">
          <button type="button" className="button button--primary" onClick={toDeposit}>
            {t('fillProfile.continue')}
          </button>
        </div>
      </div>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const tidy = Object.fromEntries(
      asked.map((field) => {
        const value = (values[field] ?? '').trim();
        return [field, field === 'date_of_birth' ? tidyDate(value) : value];
      }),
    ) as Record<DepositField, string>;
    setValues(tidy);
    const check = (field: DepositField, max: number) =>
      describeRule(t, required(tidy[field]) ?? notArabic(tidy[field]) ?? maxLength(tidy[field], max));
    const found = onlyProblems(
      Object.fromEntries(
        asked.map((field) => [
          field,
          field === 'date_of_birth'
            ? describeRule(t, required(tidy[field]) ?? adult(tidy[field], minimumAgeFor(license)))
            : check(field, field === 'address' ? 200 : field === 'postal_code' ? 20 : 100),
        ]),
      ),
    );
    setProblems(found);
    focusProblems();
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const response = await sendWithCaptcha(
      endpoints.player.update,
      { body: { context: 'profile', player: tidy } },
      () => setSolving(true),
    ).catch(() => null);
    setBusy(false);
    setSolving(false);
    if (response?.status === 200) {
      await revalidate();
      toDeposit();
      return;
    }
    setProblems(withUnshownInBase(problemsFrom(t, response), asked));
    focusProblems();
  }

  return (
    <div className="modal__body modal-message">
      <p>{t('fillProfile.lead')}</p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={submit}>
        {asked.map((field) => (
          <TextField
            key={field}
            id={`fill-profile-${field}`}
            name={field}
            label={t(labels[field])}
            autoComplete={autoComplete[field]}
            hint={
              field === 'date_of_birth'
                ? t('profile.general.dateHint', { age: minimumAgeFor(license) })
                : undefined
            }
            value={values[field] ?? ''}
            problem={problems[field]}
            onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
          />
        ))}
        <FormAlert problem={problems.base} />
        <SubmitButton busy={busy} solving={solving} label={t('fillProfile.save')} />
      </form>
    </div>
  );
}
