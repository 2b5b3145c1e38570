import { endpoints } from '@chrysos/contract/client';
import { localizePath } from '@chrysos/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { usePlayer } from '../player/player-session';

/** The two pages that spend a token from an email: confirm the address, unlock the account. */
const links = {
  confirmation: { param: 'confirmation_token', renew: '/users/confirmation/new' },
  unlock: { param: 'unlock_token', renew: '/users/unlock/new' },
} as const;
export type EmailTokenKind = keyof typeof links;

type Outcome = 'checking' | 'done' | 'doneSignIn' | 'invalid' | 'missing' | 'tooMany' | 'failed';

/**
 * Spec §2 /users/confirmation?confirmation_token= and /users/unlock?unlock_token=: the token is sent
 * from the browser once the page is up (never by the server render), and the page says how it went.
 * A confirmation signs nobody in: a browser without that player's session is asked to sign in.
 */
export function EmailTokenPage({ kind }: { kind: EmailTokenKind }) {
  const { t, locale } = useTranslation();
  const { param, renew } = links[kind];
  const token = useSearchParams()[0].get(param) ?? '';
  const player = usePlayer();
  const { revalidate } = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome>('checking');
  const to = (target: string) => localizePath(target, locale);

  const spend = useCallback(async () => {
    if (!token) {
      setOutcome('missing');
      return;
    }
    setOutcome('checking');
    const response = await (kind === 'confirmation'
      ? api(endpoints.auth.confirmEmail, { query: { confirmation_token: token } })
      : api(endpoints.auth.unlock, { query: { unlock_token: token } })
    ).catch(() => null);
    if (response?.ok) {
      const signedIn = !('signed_in' in response.body) || response.body.signed_in;
      // The player now reads as confirmed: the confirmation bar goes.
      if (kind === 'confirmation' && signedIn) await revalidate();
      setOutcome(signedIn ? 'done' : 'doneSignIn');
    } else if (response?.status === 422) {
      setOutcome('invalid');
    } else if (response?.status === 429) {
      setOutcome('tooMany');
    } else {
      setOutcome('failed');
    }
  }, [token, kind, revalidate]);

  // Once per token, even when React runs effects twice in development.
  const spent = useRef<string | null>(null);
  useEffect(() => {
    if (spent.current === token) return;
    spent.current = token;
    spend();
  }, [token, spend]);

  // A used link of a player whose address is confirmed by now is no failure worth showing.
  const alreadyConfirmed = kind === 'confirmation' && outcome === 'invalid' && player?.confirmed === true;

  return (
    <section className="content-page account-page token-page" data-outcome={outcome}>
      <h1>{t(`${kind}.title`)}</h1>
      <div className="token-page__result" role="status" aria-live="polite" aria-busy={outcome === 'checking'}>
        {outcome === 'checking' ? (
          <p className="token-page__checking">
            <span className="spinner" aria-hidden="true" />
            {t(`${kind}.checking`)}
          </p>
        ) : outcome === 'done' || outcome === 'doneSignIn' || alreadyConfirmed ? (
          <p className="notice notice--success">
            {t(
              alreadyConfirmed
                ? 'confirmation.already'
                : outcome === 'doneSignIn'
                  ? 'confirmation.doneSignIn'
                  : `${kind}.done`,
            )}
          </p>
        ) : (
          <p className="notice notice--error">
            {outcome === 'invalid'
              ? t(`${kind}.invalid`)
              : outcome === 'missing'
                ? t(`${kind}.missing`)
                : outcome === 'tooMany'
                  ? t('account.tooMany')
                  : t('auth.failed')}
          </p>
        )}
      </div>
      {outcome === 'checking' ? null : (
        <p className="account-page__actions">
          {outcome === 'done' || outcome === 'doneSignIn' || alreadyConfirmed ? (
            outcome === 'doneSignIn' || (kind === 'unlock' && !player) ? (
              <Link className="button button--primary" to={to('/users/sign_in')}>
                {t('auth.signIn')}
              </Link>
            ) : (
              <Link className="button button--primary" to={to('/games/all')}>
                {t('account.toGames')}
              </Link>
            )
          ) : outcome === 'failed' || outcome === 'tooMany' ? (
            <button type="button" className="button button--primary" onClick={spend}>
              {t('account.tryAgain')}
            </button>
          ) : (
            <Link className="button button--primary" to={to(renew)}>
              {t(`${kind}.requestNew`)}
            </Link>
          )}
        </p>
      )}
    </section>
  );
}
