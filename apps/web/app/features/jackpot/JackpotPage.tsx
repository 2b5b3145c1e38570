import type { ContentData, JackpotCycle, Jackpots } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useMoney } from '../loyalty/money';
import { fetchJackpotCycles } from './api';
import { useJackpots } from './use-jackpots';
import { WinnersStrip } from './WinnersStrip';

export interface JackpotContent {
  title: string;
  lead: string;
  tiers: ContentData<'jackpotPage'>['tiers'];
  html: string;
}

/**
 * /jackpot: the jackpot page (content jackpotPage) with the three tiers' amounts live, each running
 * cycle's committed seed hash, and the won cycles with their revealed seeds, so a visitor can check
 * every drop (docs/decisions/0025).
 */
export function JackpotPage({
  content,
  initial,
  initialCycles,
}: {
  content: JackpotContent;
  initial: Jackpots | null;
  initialCycles: JackpotCycle[] | null;
}) {
  const { t, locale } = useTranslation();
  const money = useMoney(locale);
  const jackpots = useJackpots(initial);
  const [cycles, setCycles] = useState<JackpotCycle[] | null>(initialCycles);
  const cycleKey = jackpots?.tiers.map((tier) => tier.cycle).join(':');
  // Read again when a tier starts a new cycle: a drop has just been revealed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cycles' numbers are the trigger
  useEffect(() => {
    let live = true;
    void fetchJackpotCycles(jackpots?.currency).then((loaded) => {
      if (live && loaded) setCycles(loaded);
    });
    return () => {
      live = false;
    };
  }, [cycleKey, jackpots?.currency]);
  const date = (iso: string) =>
    new Date(iso).toLocaleString(locale === 'el' ? 'el-GR' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });

  return (
    <section className="content-page jackpot-page" data-jackpot-page>
      <h1>{content.title}</h1>
      <p className="jackpot-page__lead">{content.lead}</p>
      <ol className="jackpot-tiers">
        {content.tiers.map((text, position) => {
          const tier = jackpots?.tiers[position];
          return (
            <li
              key={text.name}
              className="card jackpot-tier"
              data-jackpot-tier={tier?.id}
              data-amount-cents={tier?.amount_cents}
            >
              <h2>{text.name}</h2>
              <p className="jackpot-tier__amount">
                {tier && jackpots ? money(tier.amount_cents, jackpots.currency) : '…'}
              </p>
              <p>{text.text}</p>
              {tier && jackpots ? (
                <>
                  <p className="jackpot-tier__terms">
                    {t('jackpot.tier.seed', { amount: money(tier.seed_cents, jackpots.currency) })}{' '}
                    {t('jackpot.tier.mustDrop', { amount: money(tier.must_drop_cents, jackpots.currency) })}
                  </p>
                  <p className="jackpot-tier__hash">
                    {t('jackpot.tier.commitment', { cycle: tier.cycle })} <code>{tier.seed_hash}</code>
                  </p>
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the content store's own Markdown, rendered on the server */}
      <div className="jackpot-page__body" dangerouslySetInnerHTML={{ __html: content.html }} />

      <section className="jackpot-fair" aria-labelledby="jackpot-fair-title">
        <h2 id="jackpot-fair-title">{t('jackpot.fair.title')}</h2>
        <p>{t('jackpot.fair.text')}</p>
        <p>
          <code>{t('jackpot.fair.formula')}</code>
        </p>
        <p>
          <Link to={localizePath('/provably-fair', locale)}>{t('jackpot.fair.more')}</Link>
        </p>
        {cycles === null ? null : cycles.length === 0 ? (
          <p>{t('jackpot.history.empty')}</p>
        ) : (
          <div className="table-scroll">
            <table className="jackpot-history" data-jackpot-history>
              <thead>
                <tr>
                  <th scope="col">{t('jackpot.history.tier')}</th>
                  <th scope="col">{t('jackpot.history.won')}</th>
                  <th scope="col">{t('jackpot.history.winner')}</th>
                  <th scope="col">{t('jackpot.history.drop')}</th>
                  <th scope="col">{t('jackpot.history.seed')}</th>
                  <th scope="col">{t('jackpot.history.bet')}</th>
                </tr>
              </thead>
              <tbody>
                {cycles.map((cycle) => (
                  <tr key={`${cycle.tier}:${cycle.cycle}`} data-cycle={`${cycle.tier}:${cycle.cycle}`}>
                    <td>
                      {t(`jackpot.tiers.${cycle.tier}`)} ·{' '}
                      {t('jackpot.history.cycle', { cycle: cycle.cycle })}
                      <br />
                      <small>{date(cycle.won_at)}</small>
                    </td>
                    <td>{money(cycle.won_cents, cycle.currency)}</td>
                    <td>
                      {cycle.winner}
                      {cycle.game ? (
                        <>
                          <br />
                          <Link to={localizePath(`/game/${cycle.game.url_id}`, locale)}>
                            {cycle.game.title}
                          </Link>
                        </>
                      ) : null}
                    </td>
                    <td>
                      {money(cycle.drop_cents, cycle.currency)}
                      {cycle.forced ? (
                        <>
                          <br />
                          <small data-forced>{t('jackpot.history.forced')}</small>
                        </>
                      ) : null}
                    </td>
                    <td className="jackpot-history__seed">
                      <code title={t('jackpot.history.hash')}>{cycle.seed_hash}</code>
                      <code>{cycle.server_seed}</code>
                    </td>
                    <td>#{cycle.winning_transaction}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <WinnersStrip />
    </section>
  );
}
