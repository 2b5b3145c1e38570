import { useEffect, useState } from 'react';

/** Whether the site runs as an installed app (spec §4 Install as app), updated when that changes. */
export function useStandalone(): boolean {
  const [standalone, setStandalone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(display-mode: standalone)');
    const update = () =>
      setStandalone(query.matches || (navigator as Navigator & { standalone?: boolean }).standalone === true);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return standalone;
}

/** Registers the service worker (the offline page, web push notifications) in production builds. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // The site works without it; nothing to tell the visitor.
  });
}
