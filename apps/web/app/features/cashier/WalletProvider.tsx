import type { Account, Currency } from '@chrysos/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../lib/i18n';
import { readJson, writeJson } from '../../lib/storage';
import { usePlayer } from '../player/player-session';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import type { Poller } from './accounts-poller';
import { provisionalCurrency, type ShowOptions, showMoney, showSignedMoney } from './money';

/** The display unit chosen per crypto currency on this device, e.g. `{ "BTC": "mBTC" }`. */
export const subcurrencyKey = 'chrysos.subcurrencies';

export interface Wallet {
  /** The player's accounts, null until first read (and for a visitor). */
  accounts: Account[] | null;
  active: Account | null;
  /** Every offered currency, null until read. */
  currencies: Currency[] | null;
  /** Accounts and currencies are both read, so amounts can be shown. */
  ready: boolean;
  /** A currency by code; a provisional two-decimal one while the list loads. */
  currency(code: string): Currency;
  /** The display unit chosen for a currency with subcurrencies (undefined: the currency itself). */
  subcurrency(code: string): string | undefined;
  setSubcurrency(code: string, subcurrency: string | undefined): void;
  /** An amount of a currency as spec §9 shows it, in the chosen unit. */
  money(amountCents: number, code: string, options?: { exact?: boolean; signed?: boolean }): string;
  /** Reads the accounts again now (after a deposit or withdrawal). */
  refresh(): Promise<void>;
}

/** The wallet as the root loader read it for the page (null parts: could not be read then). */
export interface WalletData {
  accounts: Account[] | null;
  currencies: Currency[] | null;
}

const WalletContext = createContext<Wallet | null>(null);

export function useWallet(): Wallet {
  const wallet = useContext(WalletContext);
  if (!wallet) throw new Error('useWallet must be used inside <WalletProvider>');
  return wallet;
}

function storedSubcurrencies(): Record<string, string> {
  const stored = readJson(subcurrencyKey);
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * The signed-in player's wallet for every screen that shows money: accounts kept fresh (pushed on the
 * realtime `balance` channel after every booking; while that is down, spec §4's poll: every 10 s while
 * visible, on focus), read after every change, the currency list, and the display unit chosen for
 * crypto currencies. It starts from what the root loader read (`initial`: the server renders the
 * balances), and takes each later answer of that loader (sign-in, sign-out, an account switch).
 */
export function WalletProvider({ initial, children }: { initial: WalletData | null; children: ReactNode }) {
  const { locale } = useTranslation();
  const player = usePlayer();
  const playerId = player?.id ?? null;
  const [accounts, setAccounts] = useState<Account[] | null>(initial?.accounts ?? null);
  const [currencies, setCurrencies] = useState<Currency[] | null>(initial?.currencies ?? null);
  const known = useRef(initial);
  known.current = initial;
  const [units, setUnits] = useState<Record<string, string>>({});
  const poller = useRef<Poller<Account[]> | null>(null);
  /** Whether the balance channel is subscribed: pushes keep the accounts fresh, the poll waits. */
  const pushed = useRef(false);

  useRealtimeChannel('balance', {
    onData: (pushedAccounts) => poller.current?.set(pushedAccounts),
    onLive: (live, stale) => {
      pushed.current = live;
      poller.current?.setLive(live);
      // What happened while nobody listened, and could not be recovered, is read afresh.
      if (live && stale) void poller.current?.refresh();
    },
  });

  useEffect(() => setUnits(storedSubcurrencies()), []);

  useEffect(() => {
    if (!playerId) {
      setAccounts(null);
      return;
    }
    let live = true;
    let current: Poller<Account[]> | null = null;
    const onVisibility = () => current?.visibilityChanged();
    const onFocus = () => current?.focused();
    // Fetched for a player only: a visitor's first load carries none of the wallet's reading.
    void Promise.all([import('./accounts-poller'), import('./api')]).then(
      ([{ createPoller }, { fetchAccounts, fetchCurrencies }]) => {
        if (!live) return;
        if (!known.current?.currencies) {
          fetchCurrencies().then((loaded) => {
            if (live && loaded) setCurrencies(loaded);
          });
        }
        current = createPoller<Account[]>({
          load: fetchAccounts,
          onValue: setAccounts,
          isVisible: () => document.visibilityState === 'visible',
        });
        poller.current = current;
        current.setLive(pushed.current);
        document.addEventListener('visibilitychange', onVisibility);
        window.addEventListener('focus', onFocus);
        // The accounts the page came with are fresh: the next read is the poll's (or none, while pushed).
        current.start(known.current?.accounts ?? undefined);
      },
    );
    return () => {
      live = false;
      current?.stop();
      if (poller.current === current) poller.current = null;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
    };
  }, [playerId]);

  // A later answer of the root loader (after a switch, any revalidation) is the wallet as it now is.
  useEffect(() => {
    if (initial?.accounts) {
      if (poller.current) poller.current.set(initial.accounts);
      else setAccounts(initial.accounts);
    }
    if (initial?.currencies) setCurrencies(initial.currencies);
  }, [initial]);

  const refresh = useCallback(async () => {
    await poller.current?.refresh();
  }, []);

  const setSubcurrency = useCallback((code: string, subcurrency: string | undefined) => {
    setUnits((before) => {
      const next = { ...before };
      if (subcurrency) next[code] = subcurrency;
      else delete next[code];
      writeJson(subcurrencyKey, next);
      return next;
    });
  }, []);

  const value = useMemo<Wallet>(() => {
    const currency = (code: string) =>
      currencies?.find((entry) => entry.code === code) ?? provisionalCurrency(code);
    const subcurrency = (code: string) => {
      const chosen = units[code];
      return chosen && currency(code).subcurrencies.some((sub) => sub.code === chosen) ? chosen : undefined;
    };
    return {
      accounts,
      active: accounts?.find((account) => account.active) ?? accounts?.[0] ?? null,
      currencies,
      ready: accounts !== null && currencies !== null,
      currency,
      subcurrency,
      setSubcurrency,
      money(amountCents, code, options = {}) {
        const show: ShowOptions = { locale, subcurrency: subcurrency(code), exact: options.exact };
        return options.signed
          ? showSignedMoney(amountCents, currency(code), show)
          : showMoney(amountCents, currency(code), show);
      },
      refresh,
    };
  }, [accounts, currencies, units, locale, refresh, setSubcurrency]);

  return <WalletContext.Provider value={value}>{children}</WalletContext.Provider>;
}
