/** Where this tab's visit started, kept for the tab's life (sessionStorage), so navigations continue it. */
const startKey = 'chrysos.visit_started_at';

function visitStartedAt(storage: Storage | null): number {
  const now = Date.now();
  const stored = Number(storage?.getItem(startKey));
  if (Number.isFinite(stored) && stored > 0 && stored <= now) return stored;
  storage?.setItem(startKey, String(now));
  return now;
}

/**
 * Sends the session_end beacon (`POST /api/send-event`, spec §7) when the page is hidden for good
 * (`pagehide`): how long the visit lasted and the page it ended on. navigator.sendBeacon survives the
 * page going away; each beacon has its own message id, so one sent twice is stored once. Answers the
 * listener's removal.
 */
export function endOfVisitBeacon(anonymousId: () => string | null, win: Window = window): () => void {
  const storage = (() => {
    try {
      return win.sessionStorage;
    } catch {
      return null;
    }
  })();
  const startedAt = visitStartedAt(storage);
  const onHide = () => {
    const id = anonymousId();
    if (!id) return;
    const beacon = {
      event: 'session_end',
      messageId: crypto.randomUUID(),
      anonymousId: id,
      duration_ms: Math.max(0, Date.now() - startedAt),
      path: win.location.pathname,
    };
    win.navigator.sendBeacon('/api/send-event', JSON.stringify(beacon));
  };
  win.addEventListener('pagehide', onHide);
  return () => win.removeEventListener('pagehide', onHide);
}
