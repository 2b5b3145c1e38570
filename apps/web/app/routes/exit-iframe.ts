import { localeFromPath, localizePath } from '@chrysos/rules';
import { appContext } from '#app-context';
import { gameBackPathKey } from '../features/games/game-back-path';
import { exitGameMessage } from '../features/games/game-messages';
import { pageUrl } from '../lib/request-url';
import type { Route } from './+types/exit-iframe';

/**
 * /exit_iframe (and /el/exit_iframe): where a game sends the player when they leave it. Loaded inside
 * the game's iframe, it tells the game page around it (same origin only) to close the game; the page
 * then goes back to where the player came from. Opened on its own, it goes there itself.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(pageUrl(request).pathname);
  const fallback = localizePath('/games/all', locale);
  const script = `(function () {
  var fallback = ${JSON.stringify(fallback)};
  if (window.top !== window.self) {
    var sameOrigin = false;
    try { sameOrigin = window.parent.location.origin === window.location.origin; } catch (error) {}
    if (sameOrigin) {
      window.parent.postMessage({ type: ${JSON.stringify(exitGameMessage)} }, window.location.origin);
      return;
    }
    try { window.top.location.href = fallback; } catch (error) {}
    return;
  }
  var back = null;
  try { back = window.sessionStorage.getItem(${JSON.stringify(gameBackPathKey)}); } catch (error) {}
  window.location.replace(back && back.charAt(0) === '/' && back.charAt(1) !== '/' ? back : fallback);
})();`;
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Chrysos Casino</title></head><body style="margin:0;background:#15121f"><script nonce="${context.get(appContext).scriptNonce}">${script}</script></body></html>`;
  return new Response(html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}
