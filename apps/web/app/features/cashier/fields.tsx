import { useTranslation } from '../../lib/i18n';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { Icon, type IconName } from '../../ui/icons/icons';
import type { PaymentMethod } from './api';
import '../../styles/cashier.css';

/**
 * The amount control of the cashier forms: a labelled decimal field with its unit, the limits as a
 * hint, quick amounts as toggle buttons, and the problem announced with the field.
 */
export function AmountField(props: {
  id: string;
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  hint: string;
  problem?: string | undefined;
  chips: { value: string; label: string }[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { id } = props;
  useTypedBeforeHydration(id, props.value, props.onChange);
  const describedBy = [`${id}-hint`, props.problem ? `${id}-problem` : ''].filter(Boolean).join(' ');
  return (
    <div className="field amount-field">
      <label htmlFor={id}>{props.label}</label>
      <div className="amount-field__control">
        <input
          id={id}
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={props.problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <span className="amount-field__unit" aria-hidden="true">
          {props.unit}
        </span>
      </div>
      <span className="field__hint" id={`${id}-hint`}>
        {props.hint}
      </span>
      {props.problem ? (
        <span className="field__problem" id={`${id}-problem`}>
          {props.problem}
        </span>
      ) : null}
      {props.chips.length > 0 ? (
        <fieldset className="amount-chips">
          <legend className="visually-hidden">{t('wallet.quickAmounts')}</legend>
          {props.chips.map((chip) => (
            <button
              key={chip.value}
              type="button"
              className="amount-chip"
              aria-pressed={props.value === chip.value}
              disabled={props.disabled}
              onClick={() => props.onChange(chip.value)}
            >
              {chip.label}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

const methodIcons: Record<string, IconName> = { card: 'credit-card' };

/** A method's name and a line about it, in the reader's language; unknown methods by their id. */
export function useMethodText(): (id: string) => { name: string; detail: string } {
  const { t } = useTranslation();
  return (id) => {
    const name = t(`wallet.methods.${id}.name`);
    const detail = t(`wallet.methods.${id}.detail`);
    return {
      name: name === `wallet.methods.${id}.name` ? id : name,
      detail: detail === `wallet.methods.${id}.detail` ? '' : detail,
    };
  };
}

/** The payment methods as a radio group of cards, each with its icon. */
export function MethodPicker(props: {
  name: string;
  methods: PaymentMethod[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const text = useMethodText();
  return (
    <fieldset className="method-picker">
      <legend>{t('wallet.method')}</legend>
      <div className="method-picker__options">
        {props.methods.map((method) => {
          const { name, detail } = text(method.id);
          return (
            <label key={method.id} className="method-option">
              <input
                type="radio"
                name={props.name}
                value={method.id}
                checked={props.value === method.id}
                onChange={() => props.onChange(method.id)}
              />
              <span className="method-option__icon" aria-hidden="true">
                <Icon name={methodIcons[method.id] ?? 'wallet'} size={26} />
              </span>
              <span className="method-option__text">
                <span className="method-option__name">{name}</span>
                {detail ? <span className="method-option__detail">{detail}</span> : null}
              </span>
              {method.id === 'card' ? (
                <span className="method-option__brands" aria-hidden="true">
                  <Icon name="visa" size={30} />
                  <Icon name="mastercard" size={30} />
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Loading, with its reason said to screen readers. */
export function WalletLoading({ label }: { label: string }) {
  return (
    <p className="wallet-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
