import { endpoints } from '@chrysos/contract/client';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { browserStorage, readJson, writeJson } from '../../lib/storage';
import { usePlayer } from '../player/player-session';
import { sendWithCaptcha } from './form-api';
import { problemsFrom } from './problems';

const dismissedKey = (playerId: string) => `chrysos.confirm-bar-dismissed.${playerId}`;

/**
 * Spec §4: a slim bar under the header while the signed-in player's email is not confirmed, with a
 * button that sends the confirmation email again. Dismissed, it stays away for this browser session.
 */
export function ConfirmEmailBar() {
  const { t } = useTranslation();
  const player = usePlayer();
  const [dismissed, setDismissed] = useState(false);
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | { problem: string }>('idle');
  const playerId = player?.id;

  useEffect(() => {
    setDismissed(playerId ? readJson(dismissedKey(playerId), browserStorage('session')) === true : false);
    setState('idle');
  }, [playerId]);

  // A social player still to give an email has only a placeholder address: CompleteRegistration asks.
  if (!player || player.confirmed || dismissed || player.auth_fields_missed.includes('email')) return null;

  async function resend() {
    if (!player) return;
    setState('sending');
    const response = await sendWithCaptcha(endpoints.auth.resendConfirmation, {
      body: { user: { email: player.email } },
    }).catch(() => null);
    setState(
      response?.status === 200 ? 'sent' : { problem: problemsFrom(t, response).base ?? t('auth.failed') },
    );
  }

  return (
    <aside className="confirm-bar" aria-label={t('confirmBar.label')}>
      <p className="confirm-bar__text" role="status">
        {state === 'sent'
          ? t('confirmBar.sent', { email: player.email })
          : typeof state === 'object'
            ? state.problem
            : t('confirmBar.text', { email: player.email })}
      </p>
      {state === 'sent' ? null : (
        <button
          type="button"
          className="button button--ghost confirm-bar__resend"
          disabled={state === 'sending'}
          onClick={resend}
        >
          {state === 'sending' ? t('confirmBar.sending') : t('confirmBar.resend')}
        </button>
      )}
      <button
        type="button"
        className="confirm-bar__close"
        aria-label={t('confirmBar.dismiss')}
        onClick={() => {
          writeJson(dismissedKey(player.id), true, browserStorage('session'));
          setDismissed(true);
        }}
      >
        ×
      </button>
    </aside>
  );
}
