import type { DepositOffer } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { useOpenCashier } from '../cashier/cashier';
import { useWallet } from '../cashier/WalletProvider';
import { usePlayer } from '../player/player-session';
import { fetchDepositOffers } from './api';
import '../../styles/modal-messages.css';

/** The welcome package's promotion page (content `promotions`) and its bonus code in the cashier. */
const welcomeSlug = 'welcome-package';
const welcomeCode = 'WELCOME';

interface WelcomePack {
  title: string;
  summary: string;
  /** The cashier still offers it (a first deposit is still to come), or null: it is gone. */
  offer: DepositOffer | null;
}

async function loadWelcomePack(locale: string, currency: string): Promise<WelcomePack | null> {
  const [content, offers] = await Promise.all([
    api(endpoints.content.query, {
      body: { collection: 'promotions', locale: locale as 'en', where: { slug: welcomeSlug }, limit: 1 },
    }),
    fetchDepositOffers(currency),
  ]);
  const item = content.ok
    ? (content.body.items[0]?.data as { title: string; summary: string } | undefined)
    : null;
  if (!item || !offers) return null;
  return { ...item, offer: offers.find((offer) => offer.code === welcomeCode) ?? null };
}

/**
 * WelcomePackLooseAuth (spec §2 Modals): the welcome package as the promotions content describes it,
 * and whether the player is about to lose it (the cashier still offers it: only a first deposit with
 * it ticked claims it) or has lost it (it is no longer offered), with the step that fits.
 */
export function WelcomePackLostModal() {
  const { t, locale } = useTranslation();
  const { close } = useModals();
  const player = usePlayer();
  const wallet = useWallet();
  const openCashier = useOpenCashier();
  const [pack, setPack] = useState<WelcomePack | null | 'failed'>(null);
  const currency = wallet.accounts?.find((account) => account.active)?.currency ?? player?.currency;

  useEffect(() => {
    if (!currency) return;
    let live = true;
    loadWelcomePack(locale, currency)
      .catch(() => null)
      .then((loaded) => live && setPack(loaded ?? 'failed'));
    return () => {
      live = false;
    };
  }, [locale, currency]);

  if (pack === null) {
    return (
      <div className="modal__body modal__loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('welcomePack.loading')}</span>
      </div>
    );
  }
  if (pack === 'failed') {
    return (
      <div className="modal__body">
        <p className="notice" role="alert">
          {t('bonuses.failed')}
        </p>
      </div>
    );
  }
  const terms = localizePath(`/promotions/${welcomeSlug}`, locale);
  return (
    <div className="modal__body modal-message" data-welcome-pack={pack.offer ? 'expiring' : 'lost'}>
      <h3>{pack.title}</h3>
      <p>{pack.summary}</p>
      <p>
        {pack.offer
          ? t('welcomePack.expiring', {
              min: wallet.money(pack.offer.min_deposit_cents, currency ?? 'EUR'),
            })
          : t('welcomePack.lost')}
      </p>
      <div className="modal-message__actions">
        {pack.offer ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              close('WelcomePackLooseAuth');
              openCashier('deposit');
            }}
          >
            {t('welcomePack.deposit')}
          </button>
        ) : (
          <Link
            className="button button--primary"
            to={localizePath('/promotions', locale)}
            onClick={() => close('WelcomePackLooseAuth')}
          >
            {t('welcomePack.promotions')}
          </Link>
        )}
        <Link className="button button--ghost" to={terms} onClick={() => close('WelcomePackLooseAuth')}>
          {t('welcomePack.terms')}
        </Link>
      </div>
    </div>
  );
}
