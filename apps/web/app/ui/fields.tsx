import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';

/**
 * Form controls of the account forms: every control has a visible label, its hint and problem are
 * announced with it (aria-describedby), and a control with a problem says so (aria-invalid). Ids are
 * given by the form, so two forms on one screen (a page and a modal) never share one.
 */
const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

function Problem({ id, problem }: { id: string; problem?: string }) {
  return problem ? (
    <span className="field__problem" id={`${id}-problem`}>
      {problem}
    </span>
  ) : null;
}

export function TextField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string;
  problem?: string;
  hint?: ReactNode;
  /** A line under the control that updates as the value is checked (announced politely). */
  status?: ReactNode;
  maxLength?: number;
  readOnly?: boolean;
  onBlur?: () => void;
}) {
  const { id } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        readOnly={props.readOnly}
        value={props.value}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={describedBy(
          props.hint !== undefined && `${id}-hint`,
          props.problem && `${id}-problem`,
        )}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      {props.hint !== undefined ? (
        <span className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </span>
      ) : null}
      <Problem id={id} problem={props.problem} />
      {props.status ? (
        <span className="field__status" aria-live="polite">
          {props.status}
        </span>
      ) : null}
    </div>
  );
}

export function SelectField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  onChange: (value: string) => void;
  problem?: string;
  autoComplete?: string;
}) {
  const { id } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        autoComplete={props.autoComplete}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? `${id}-problem` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="" disabled>
          {props.placeholder}
        </option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Problem id={id} problem={props.problem} />
    </div>
  );
}

export function CheckboxField(props: {
  id: string;
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  problem?: string;
}) {
  const { id } = props;
  return (
    <div className="checkbox">
      <input
        id={id}
        name={props.name}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? `${id}-problem` : undefined}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
      <Problem id={id} problem={props.problem} />
    </div>
  );
}

/** The form-level problem, read out as soon as it appears. */
export function FormAlert({ problem }: { problem?: string }) {
  return problem ? (
    <p className="form-alert" role="alert">
      {problem}
    </p>
  ) : null;
}

/** A confirmation that the form did its job, read out politely. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <p className="notice notice--success form-success" role="status">
      {children}
    </p>
  );
}

/**
 * After a submit that found problems, moves the focus to the first control that has one, so keyboard
 * and screen-reader users land where the fix is needed. Call `focusProblems()` after setting them.
 */
export function useProblemFocus() {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  const focusProblems = useCallback(() => setAttempt((count) => count + 1), []);
  return { formRef, focusProblems };
}

/** Only the entries that hold a message. */
export const onlyProblems = (found: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(found).filter(([, message]) => message));

/** The submit button of an account form: says what it does, then that it is busy (and why). */
export function SubmitButton({ busy, solving, label }: { busy: boolean; solving: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="button button--primary button--large" disabled={busy} aria-busy={busy}>
      {busy ? (solving ? t('account.captchaSolving') : t('auth.working')) : label}
    </button>
  );
}
