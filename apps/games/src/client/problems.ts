import type { StudioError } from './api.ts';
import type { MessageKey, Translate } from './i18n.ts';

/** What the player is told about a failed call, and what they can do about it. */
export interface Problem {
  message: string;
  /** Offer the casino's cashier (real money, balance too low). */
  deposit: boolean;
  /** The session is over: only closing the game helps. */
  fatal: boolean;
  /** The state on screen may be stale: balance and rounds should be read again. */
  refresh: boolean;
}

const refusals: Readonly<Record<string, MessageKey>> = {
  RS_ERROR_LIMIT_REACHED: 'error.limitReached',
  RS_ERROR_USER_DISABLED: 'error.userDisabled',
  RS_ERROR_TOKEN_EXPIRED: 'error.tokenExpired',
  RS_ERROR_INVALID_TOKEN: 'error.tokenExpired',
  RS_ERROR_WRONG_CURRENCY: 'error.wrongCurrency',
  WALLET_UNAVAILABLE: 'error.walletUnavailable',
  ROUND_NOT_OPEN: 'error.roundNotOpen',
  ROUND_BUSY: 'error.roundBusy',
};

/**
 * A studio error as a translated message. Wallet statuses and round states each have their own
 * words; an unknown refusal still says that no stake was taken and quotes its code for support.
 */
export function describeProblem(
  error: StudioError,
  context: {
    t: Translate;
    mode: 'real' | 'demo';
    stakeRange: { min: string; max: string };
    /** The session's language, for the seconds of a too-soon refusal. */
    lang?: 'en' | 'el';
  },
): Problem {
  const { t } = context;
  const plain = (message: string, extra: Partial<Problem> = {}): Problem => ({
    message,
    deposit: false,
    fatal: false,
    refresh: false,
    ...extra,
  });
  switch (error.kind) {
    case 'session':
      return plain(t('app.sessionEnded.text'), { fatal: true });
    case 'not-found':
      return error.field === 'game'
        ? plain(t('app.unavailable'), { fatal: true })
        : plain(t('error.roundNotOpen'), { refresh: true });
    case 'network':
      return plain(t('error.network'), { refresh: true });
    case 'server':
      return plain(t('error.server'), { refresh: true });
    case 'invalid':
      if (error.field === 'stake') return plain(t('error.stake', context.stakeRange));
      if (error.field === 'action') return plain(t('error.action'), { refresh: true });
      return plain(t('error.bet'));
    case 'too-soon': {
      const seconds = new Intl.NumberFormat(context.lang ?? 'en', { maximumFractionDigits: 1 }).format(
        error.cycleSeconds ?? 0,
      );
      return plain(t('error.tooSoon', { seconds }));
    }
    case 'refused': {
      const reason = error.reason ?? '';
      if (reason === 'RS_ERROR_NOT_ENOUGH_MONEY') {
        return context.mode === 'real'
          ? plain(t('error.notEnoughMoney'), { deposit: true })
          : plain(t('error.notEnoughPlayMoney'));
      }
      const key = refusals[reason];
      if (key === 'error.tokenExpired') return plain(t(key), { fatal: true });
      if (key)
        return plain(t(key), { refresh: reason === 'ROUND_NOT_OPEN' || reason === 'WALLET_UNAVAILABLE' });
      // Only codes that look like codes are quoted: never a sentence from the server.
      const code = /^[A-Z_]{3,64}$/.test(reason) ? reason : 'UNKNOWN';
      return plain(t('error.refused', { reason: code }), { refresh: true });
    }
  }
}
