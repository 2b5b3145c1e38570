import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';
import { textField } from '../../lib/form-action.server';
import { readAmount } from './amount-input';

/**
 * A posted amount of money in minor units of `currency`; null when it cannot be read. The browser sends
 * `amount_minor`, read in the display unit the player chose (mBTC, say); without JavaScript the typed
 * `amount` is read in the currency's own unit.
 */
export async function postedMoney(app: AppContext, form: FormData, currency: string | undefined) {
  const minor = textField(form, 'amount_minor');
  if (/^\d+$/.test(minor)) return Number(minor);
  if (!currency) return null;
  const currencies = await app.api(endpoints.info.currencies, {}).catch(() => null);
  const found = currencies?.ok ? currencies.body.find((entry) => entry.code === currency) : undefined;
  return found ? readAmount(textField(form, 'amount'), found, undefined) : null;
}
