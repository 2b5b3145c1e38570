import { useEffect } from 'react';
import { useRootData } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { needsLeaveWebView } from './webview';

/**
 * Keeps the LeaveWebView modal on top while the page runs in an iOS in-app browser: it reopens when
 * another modal replaces it and closes once the page is no longer in such a browser (spec §4).
 */
export function LeaveWebViewGuard({ standalone }: { standalone: boolean }) {
  const { stack, open, close } = useModals();
  const mobileAppDomains = useRootData()?.mobileAppDomains ?? [];

  useEffect(() => {
    const needed = needsLeaveWebView({
      userAgent: navigator.userAgent,
      hostname: window.location.hostname,
      standalone,
      mobileAppDomains,
    });
    const top = stack.at(-1)?.name;
    if (needed && top !== 'LeaveWebView') open('LeaveWebView');
    if (!needed && stack.some((modal) => modal.name === 'LeaveWebView')) close('LeaveWebView');
  }, [stack, standalone, mobileAppDomains, open, close]);

  return null;
}
