import type { Lootbox, LootboxPrize } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { type Translate, useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { useWallet } from '../cashier/WalletProvider';
import { usePlayer } from '../player/player-session';
import { useBonuses } from './bonuses-store';
import '../../styles/bonuses.css';

export interface PrizeModalData {
  lootbox: Lootbox;
}

/** What a prize is, in the player's words: "€10.00 in bonus money", "20 free spins". */
export function prizeText(
  t: Translate,
  prize: LootboxPrize,
  money: (cents: number, currency: string) => string,
) {
  const amount =
    prize.amount_cents !== undefined && prize.currency ? money(prize.amount_cents, prize.currency) : '';
  if (prize.kind === 'freespins') return t('bonuses.prize.kinds.freespins', { spins: prize.spins ?? 0 });
  return amount ? t(`bonuses.prize.kinds.${prize.kind}`, { amount }) : prize.title;
}

/**
 * The Prize modal (spec §2, issue 16): what the lootbox just opened gave, with its provably fair draw —
 * the server seed's hash shown before opening, the seed revealed now, the client seed — and the way to
 * check it. Opened without a lootbox (from its URL hash, a notification), it shows the last one opened.
 */
export function PrizeModal() {
  const { t, locale } = useTranslation();
  const { stack, close } = useModals();
  const wallet = useWallet();
  const player = usePlayer();
  const { lootboxes } = useBonuses(player?.id ?? null);
  const data = stack.find((modal) => modal.name === 'Prize')?.data as Partial<PrizeModalData> | undefined;
  const lootbox =
    data?.lootbox ?? (lootboxes ?? []).find((entry) => entry.stage === 'opened' && entry.prize !== null);

  if (!lootbox?.prize) {
    return (
      <div className="modal__body prize">
        <p>{t('bonuses.prize.none')}</p>
        <Link
          className="button button--primary"
          to={localizePath('/profile/bonuses', locale)}
          onClick={() => close('Prize')}
        >
          {t('bonuses.prize.toBonuses')}
        </Link>
      </div>
    );
  }

  return (
    <div className="modal__body prize" data-lootbox={lootbox.id}>
      <p className="prize__won">
        {t('bonuses.prize.won')}
        <strong data-prize>{prizeText(t, lootbox.prize, wallet.money)}</strong>
        <span>{lootbox.title}</span>
      </p>
      <section aria-labelledby="prize-fairness">
        <h3 id="prize-fairness">{t('bonuses.prize.fairness')}</h3>
        <dl className="prize__fairness">
          <dt>{t('bonuses.prize.hash')}</dt>
          <dd>
            <code data-seed-hash>{lootbox.server_seed_hash}</code>
          </dd>
          {lootbox.server_seed ? (
            <>
              <dt>{t('bonuses.prize.seed')}</dt>
              <dd>
                <code data-seed>{lootbox.server_seed}</code>
              </dd>
            </>
          ) : null}
          {lootbox.client_seed ? (
            <>
              <dt>{t('bonuses.prize.clientSeed')}</dt>
              <dd>
                <code>{lootbox.client_seed}</code>
              </dd>
            </>
          ) : null}
        </dl>
        <Link to={localizePath('/provably-fair', locale)} onClick={() => close('Prize')}>
          {t('bonuses.prize.verify')}
        </Link>
      </section>
    </div>
  );
}
