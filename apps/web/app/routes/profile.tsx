import { localizePath } from '@chrysos/rules';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { rememberedPlayer } from '../features/account/remembered-player';
import { isFetched, isLoggedIn, usePlayerSession } from '../features/player/player-session';
import { useTranslation } from '../lib/i18n';
import { useModals } from '../modals/ModalProvider';

/**
 * The frame of the profile pages built so far (spec §2 /profile/general, its security tab, the
 * wallet pages and the bonus tab): their tabs for a signed-in player; for a visitor, the Login modal and a prompt to
 * sign in.
 */
export default function ProfileLayout() {
  const { t, locale } = useTranslation();
  const session = usePlayerSession();
  const { open } = useModals();
  const to = (path: string) => localizePath(path, locale);
  const visitor = isFetched(session) && !isLoggedIn(session);
  const signIn = useCallback(() => {
    const remembered = rememberedPlayer();
    open('Login', remembered ? { remembered } : undefined);
  }, [open]);

  // Opened when the visitor arrives (or signs out here).
  useEffect(() => {
    if (visitor) signIn();
  }, [visitor, signIn]);

  // The strip scrolls sideways where its tabs do not fit: the current tab is brought to its middle when it
  // is off screen, never left hidden. A strip the player already scrolled (before the page came alive, on
  // a slow phone) is left where they put it: moving it under their finger turns a tap into a miss.
  const tabs = useRef<HTMLElement>(null);
  const centred = useRef(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page's tab is brought into view
  useLayoutEffect(() => {
    const strip = tabs.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current) return;
    const [area, tab] = [strip.getBoundingClientRect(), current.getBoundingClientRect()];
    const hidden = tab.left < area.left || tab.right > area.right;
    const scrolledByPlayer = !centred.current && strip.scrollLeft !== 0;
    centred.current = true;
    if (!hidden || scrolledByPlayer) return;
    strip.scrollLeft += tab.left - area.left - (area.width - tab.width) / 2;
  }, [pathname, visitor]);

  return (
    <section className="content-page profile">
      <h1>{t('profile.title')}</h1>
      {visitor ? (
        <div className="profile__sign-in">
          <p>{t('profile.signInPrompt')}</p>
          <button type="button" className="button button--primary button--large" onClick={signIn}>
            {t('header.signIn')}
          </button>
        </div>
      ) : (
        <>
          <nav ref={tabs} className="profile__tabs" aria-label={t('profile.nav.label')}>
            <NavLink to={to('/profile/general')} end className="profile__tab">
              {t('profile.nav.general')}
            </NavLink>
            <NavLink to={to('/profile/general/security')} className="profile__tab">
              {t('profile.nav.security')}
            </NavLink>
            <NavLink to={to('/profile/general/verification')} className="profile__tab">
              {t('profile.nav.verification')}
            </NavLink>
            <NavLink to={to('/profile/wallet/balance')} className="profile__tab">
              {t('profile.nav.balance')}
            </NavLink>
            <NavLink to={to('/profile/wallet/deposit')} className="profile__tab">
              {t('profile.nav.deposit')}
            </NavLink>
            <NavLink to={to('/profile/wallet/withdrawal')} className="profile__tab">
              {t('profile.nav.withdrawal')}
            </NavLink>
            <NavLink to={to('/profile/wallet/transactions')} className="profile__tab">
              {t('profile.nav.transactions')}
            </NavLink>
            <NavLink to={to('/profile/bonuses')} className="profile__tab">
              {t('profile.nav.bonuses')}
            </NavLink>
            <NavLink to={to('/profile/limits')} className="profile__tab">
              {t('limits.nav')}
            </NavLink>
            <NavLink to={to('/profile/loyalty')} className="profile__tab">
              {t('loyalty.nav')}
            </NavLink>
            <NavLink to={to('/profile/lottery')} className="profile__tab">
              {t('lottery.nav')}
            </NavLink>
          </nav>
          <Outlet />
        </>
      )}
    </section>
  );
}
