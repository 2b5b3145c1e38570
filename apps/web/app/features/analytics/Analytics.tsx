import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import { storedReferral } from '../account/referral-storage';
import { usePlayerSession } from '../player/player-session';
import type { StartedAnalytics } from './analytics-client';
import {
  type Consent,
  consentOf,
  consentSettingsEvent,
  forgetAnalyticsIds,
  rememberConsent,
} from './consent';
import { analyticsBuffer } from './preload-buffer';
import { pageName } from './product-events';
import { endOfVisitBeacon } from './session-end';

const ConsentBanner = lazy(() =>
  import('./ConsentBanner').then((module) => ({ default: module.ConsentBanner })),
);

/** The source middlewares every event goes through (analytics-client.ts). */
const middleware = ['page-language', 'referral-tags'] as const;

/**
 * Analytics in the page (issue 37): after hydration, the consent banner for a visitor who has not
 * chosen (its code loaded only then), and @segment/analytics-next once they agreed (loaded only then:
 * nothing of it is in the first page's JavaScript). Pages are tracked on every navigation and the
 * player identified once signed in, through the pre-load buffer; the session_end beacon goes on page hide.
 */
export function Analytics() {
  const writeKey = useRootData()?.analyticsWriteKey ?? null;
  const { locale } = useTranslation();
  const { pathname } = useLocation();
  const session = usePlayerSession();
  const [consent, setConsent] = useState<Consent | null | 'unread'>('unread');
  const [asking, setAsking] = useState(false);
  const started = useRef<StartedAnalytics | null>(null);

  // The cookie is read after hydration, so the server's page is every visitor's.
  useEffect(() => {
    const chosen = consentOf(document.cookie);
    if (chosen === 'necessary') analyticsBuffer.clear();
    setConsent(chosen);
    setAsking(chosen === null);
    const ask = () => setAsking(true);
    window.addEventListener(consentSettingsEvent, ask);
    return () => window.removeEventListener(consentSettingsEvent, ask);
  }, []);

  useEffect(() => {
    if (consent !== 'analytics' || !writeKey || started.current) return;
    let stopped = false;
    import('./analytics-client')
      .then(({ startAnalytics }) =>
        startAnalytics({
          writeKey,
          cdnURL: `${window.location.origin}/analytics`,
          page: { locale, referral: storedReferral() },
          middleware,
        }),
      )
      .then(
        (analytics) => {
          if (!analytics || stopped) return;
          started.current = analytics;
          analyticsBuffer.attach(analytics);
        },
        (error: unknown) => console.warn('Analytics could not be loaded', error),
      );
    return () => {
      stopped = true;
    };
  }, [consent, writeKey, locale]);

  // A page on every navigation (the first included), once each: the choice being read or made later
  // does not count the page again. The end of the visit goes when the page is hidden.
  const declined = useRef(false);
  declined.current = consent === 'necessary';
  useEffect(() => {
    if (declined.current) return;
    analyticsBuffer.push({ type: 'page', name: pageName(pathname), properties: { locale } });
  }, [pathname, locale]);
  useEffect(() => {
    if (consent !== 'analytics') return;
    return endOfVisitBeacon(() => started.current?.anonymousId() ?? null);
  }, [consent]);

  // Identified on sign-in and sign-up, so the visitor's anonymous events join the player's; a
  // sign-out in the page starts a new anonymous identity.
  const playerId = session.status === 'loggedIn' ? session.id : null;
  const language = session.status === 'loggedIn' ? session.player.language : null;
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (playerId) {
      analyticsBuffer.push({ type: 'identify', userId: playerId, traits: { language } });
    } else if (previous.current) {
      started.current?.reset();
    }
    previous.current = playerId;
  }, [playerId, language]);

  const choose = (choice: Consent) => {
    rememberConsent(choice);
    setAsking(false);
    if (choice === 'necessary') {
      analyticsBuffer.clear();
      if (consent === 'analytics') {
        // Withdrawn: what the library kept goes, and a fresh page has none of it running.
        forgetAnalyticsIds();
        window.location.reload();
        return;
      }
    }
    setConsent(choice);
  };

  return asking ? (
    <Suspense fallback={null}>
      <ConsentBanner current={consent === 'unread' ? null : consent} onChoose={choose} />
    </Suspense>
  ) : null;
}
