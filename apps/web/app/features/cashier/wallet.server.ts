import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';
import type { WalletData } from './WalletProvider';

/**
 * The signed-in player's accounts and the offered currencies, read in-process as the player (decision 9)
 * so the header balance and every money screen are in the server's HTML; null for a visitor, whose page
 * carries none of the wallet. A part that cannot be read is null: the browser reads it after hydration.
 */
export async function loadWallet(app: AppContext): Promise<WalletData | null> {
  if (!app.player) return null;
  const [accounts, currencies] = await Promise.all([
    app.api(endpoints.wallet.accounts, {}).catch(() => null),
    app.api(endpoints.info.currencies, {}).catch(() => null),
  ]);
  return {
    accounts: accounts?.ok ? accounts.body : null,
    currencies: currencies?.ok ? currencies.body : null,
  };
}
