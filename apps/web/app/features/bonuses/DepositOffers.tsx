import type { DepositOffer } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { fetchDepositOffers } from './api';
import '../../styles/bonuses.css';

/** The offer a link asks for (`?bonus=`): by its code, its campaign or the promotion page of its terms. */
export function offerMatching(offers: readonly DepositOffer[], wanted: string | null | undefined) {
  if (!wanted) return undefined;
  const asked = wanted.trim().toLowerCase();
  return offers.find(
    (offer) =>
      offer.code.toLowerCase() === asked ||
      offer.campaign.toLowerCase() === asked ||
      offer.terms_url.replace(/\/+$/, '').toLowerCase().endsWith(`/promotions/${asked}`),
  );
}

/**
 * The deposit offers in the currency: those the page's loader read (`known`), else GET
 * /player/deposit_offers here (the cashier window over a page that read none); none while loading or
 * when they cannot be read.
 */
export function useDepositOffers(
  currency: string | null,
  known: DepositOffer[] | null = null,
): DepositOffer[] {
  const [offers, setOffers] = useState<DepositOffer[]>([]);
  const given = known !== null;
  useEffect(() => {
    setOffers([]);
    if (!currency || given) return;
    let live = true;
    void fetchDepositOffers(currency).then((loaded) => {
      if (live) setOffers(loaded ?? []);
    });
    return () => {
      live = false;
    };
  }, [currency, given]);
  return known ?? offers;
}

/**
 * The cashier's bonus choice (issue 16, the promotion pages' "bonus box ticked in the cashier"): one
 * offer is a checkbox, several are radio buttons with "No bonus"; each says what it gives, its
 * minimum deposit and links its terms. `value` is the chosen offer's code ('' for none).
 */
export function DepositOffers({
  offers,
  value,
  onChange,
  amountCents,
  money,
  disabled,
}: {
  offers: DepositOffer[];
  value: string;
  onChange: (code: string) => void;
  /** The amount typed so far, to say when it is below the chosen offer's minimum. */
  amountCents: number | null;
  money: (amountCents: number) => string;
  disabled?: boolean;
}) {
  const { t, locale } = useTranslation();
  if (offers.length === 0) return null;
  const chosen = offers.find((offer) => offer.code === value);
  const below = chosen && amountCents !== null && amountCents > 0 && amountCents < chosen.min_deposit_cents;

  const describe = (offer: DepositOffer) => (
    <span className="deposit-offer__text">
      <span>
        {t('bonuses.offers.summary', {
          percent: offer.percent,
          max: money(offer.max_cents),
          multiplier: offer.wagering_multiplier,
          days: offer.wager_days,
        })}{' '}
        {t('bonuses.offers.minDeposit', { amount: money(offer.min_deposit_cents) })}
        {offer.max_bet_cents !== null
          ? ` ${t('bonuses.offers.maxBet', { amount: money(offer.max_bet_cents) })}`
          : ''}
      </span>
      <Link
        className="deposit-offer__terms"
        to={offer.terms_url.startsWith('/') ? localizePath(offer.terms_url, locale) : offer.terms_url}
        target="_blank"
        rel="noopener"
      >
        {t('bonuses.offers.terms')}
      </Link>
    </span>
  );

  return (
    <fieldset className="deposit-offers" disabled={disabled} data-deposit-offers>
      <legend>{t('bonuses.offers.label')}</legend>
      {offers.length === 1 && offers[0] ? (
        <label className="deposit-offer">
          <input
            type="checkbox"
            name="offer"
            value={offers[0].code}
            checked={value === offers[0].code}
            onChange={(event) => onChange(event.target.checked ? (offers[0]?.code ?? '') : '')}
          />
          <span className="deposit-offer__text">
            <strong>{t('bonuses.offers.one', { title: offers[0].title })}</strong>
            {describe(offers[0])}
          </span>
        </label>
      ) : (
        <>
          {offers.map((offer) => (
            <label key={offer.code} className="deposit-offer">
              <input
                type="radio"
                name="offer"
                value={offer.code}
                checked={value === offer.code}
                onChange={() => onChange(offer.code)}
              />
              <span className="deposit-offer__text">
                <strong>{offer.title}</strong>
                {describe(offer)}
              </span>
            </label>
          ))}
          <label className="deposit-offer">
            <input type="radio" name="offer" value="" checked={value === ''} onChange={() => onChange('')} />
            <span className="deposit-offer__text">
              <strong>{t('bonuses.offers.none')}</strong>
            </span>
          </label>
        </>
      )}
      {below && chosen ? (
        <p className="field__hint" role="status">
          {t('bonuses.offers.belowMinimum', { amount: money(chosen.min_deposit_cents), title: chosen.title })}
        </p>
      ) : null}
    </fieldset>
  );
}
