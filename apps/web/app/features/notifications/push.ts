import { endpoints } from '@chrysos/contract/client';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

/*
 * Web push in the browser (spec §6 push auto-subscribe). A signed-in player whose browser has already
 * granted permission is subscribed on each visit (the subscription may have changed); the permission
 * prompt is only ever asked for by the player's own click on "Turn on notifications", never on load.
 */

export type PushState = 'unsupported' | 'default' | 'granted' | 'denied';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export const pushPermission = (): PushState => (pushSupported() ? Notification.permission : 'unsupported');

const base64UrlToBytes = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

/** Subscribes this browser with the site's VAPID key and gives the subscription to the server. */
export async function subscribeToPush(): Promise<boolean> {
  if (pushPermission() !== 'granted') return false;
  // The service worker is registered in production builds only (features/pwa/display-mode.ts); a
  // subscription needs it active, which it may not be yet on the first page a browser loads.
  if (!import.meta.env.PROD) return false;
  const registration = await navigator.serviceWorker.ready;
  const key = await api(endpoints.notifications.pushKey, {});
  if (!key.ok) return false;
  const applicationServerKey = base64UrlToBytes(key.body.publicKey);
  let subscription = await registration.pushManager.getSubscription();
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameKey(new Uint8Array(current), applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
  const stored = await api(endpoints.notifications.subscribePush, {
    body: {
      endpoint: json.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    },
  });
  return stored.ok;
}

const sameKey = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, index) => byte === b[index]);

/** Forgets this browser's subscription on the server and in the browser (signing out). */
export async function unsubscribeFromPush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await api(endpoints.notifications.unsubscribePush, { body: { endpoint: subscription.endpoint } }).catch(
    () => null,
  );
  await subscription.unsubscribe().catch(() => false);
}

/** The permission as it stands, and the player's action that asks for it. */
export function usePush(): { state: PushState; turnOn: () => Promise<void> } {
  const [state, setState] = useState<PushState>('unsupported');
  useEffect(() => setState(pushPermission()), []);
  return {
    state,
    turnOn: async () => {
      if (!pushSupported()) return;
      const answer = await Notification.requestPermission();
      setState(answer);
      if (answer === 'granted') await subscribeToPush().catch(() => false);
    },
  };
}

/** Subscribes a signed-in player's browser that already allows notifications; asks nothing. */
export function useAutoSubscribe(playerId: string | null): void {
  useEffect(() => {
    if (!playerId || pushPermission() !== 'granted') return;
    subscribeToPush().catch((error) => console.warn('push subscription failed', error));
  }, [playerId]);
}
