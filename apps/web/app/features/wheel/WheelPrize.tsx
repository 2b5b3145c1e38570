import type { WheelPrize as Prize } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { type Translate, useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { useWallet } from '../cashier/WalletProvider';
import { verifyPath } from './api';
import type { WheelPrizeData } from './WheelSpinner';
import '../../styles/bonuses.css';

/** A wheel prize in the player's words: "€10.00 bonus", "20 free spins", "50 comp points". */
export function wheelPrizeText(
  t: Translate,
  prize: Prize,
  money: (cents: number, currency: string) => string,
) {
  if (prize.kind === 'bonus')
    return t('wheel.prize.bonus', { amount: money(prize.amount_cents ?? 0, prize.currency ?? 'EUR') });
  if (prize.kind === 'freespins') return t('wheel.prize.freespins', { count: prize.spins ?? 0 });
  if (prize.kind === 'comp_points') return t('wheel.prize.points', { count: prize.points ?? 0 });
  return t('wheel.prize.nothing');
}

/**
 * The Prize modal after a wheel spin: the sector landed on and what it paid (the secret prize revealed
 * here for the first time), where to find it, and the spin's provably fair draw — the hash shown before,
 * the seed revealed now, the client seed and nonce — with the way to recompute it.
 */
export function WheelPrize({ data }: { data: WheelPrizeData }) {
  const { t, locale } = useTranslation();
  const { close } = useModals();
  const wallet = useWallet();
  const { wheelSpin: spin, label } = data;
  const { prize } = spin;
  const to = (path: string) => localizePath(path, locale);
  return (
    <div className="modal__body prize wheel-prize" data-wheel-prize={prize.kind}>
      {prize.kind === 'nothing' ? (
        <p className="prize__won">
          <strong data-prize>{label}</strong>
          <span>{t('wheel.prize.nothingText')}</span>
        </p>
      ) : (
        <p className="prize__won">
          {prize.secret ? t('wheel.prize.secretRevealed') : t('wheel.prize.won')}
          <strong data-prize>{wheelPrizeText(t, prize, wallet.money)}</strong>
          <span>{t(`wheel.prize.where.${prize.kind}`)}</span>
        </p>
      )}
      {prize.kind === 'bonus' || prize.kind === 'freespins' ? (
        <Link className="button button--primary" to={to('/profile/bonuses')} onClick={() => close('Prize')}>
          {t('wheel.prize.toBonuses')}
        </Link>
      ) : null}
      <section aria-labelledby="wheel-prize-fairness">
        <h3 id="wheel-prize-fairness">{t('wheel.prize.fairness')}</h3>
        <dl className="prize__fairness">
          <dt>{t('wheel.prize.hash')}</dt>
          <dd>
            <code data-seed-hash>{spin.server_seed_hash}</code>
          </dd>
          <dt>{t('wheel.prize.seed')}</dt>
          <dd>
            <code data-seed>{spin.server_seed}</code>
          </dd>
          <dt>{t('wheel.prize.clientSeed')}</dt>
          <dd>
            <code data-client-seed>{spin.client_seed}</code>
          </dd>
          <dt>{t('wheel.prize.nonce')}</dt>
          <dd>
            <code data-nonce>{spin.nonce}</code>
          </dd>
          <dt>{t('wheel.prize.sector')}</dt>
          <dd data-sector={spin.sector}>{t('wheel.prize.sectorValue', { number: spin.sector, label })}</dd>
        </dl>
        <Link to={to(verifyPath(spin))} onClick={() => close('Prize')} data-wheel-verify>
          {t('wheel.prize.verify')}
        </Link>
      </section>
    </div>
  );
}
