import type { Lootbox } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type FetcherWithComponents, Form, useFetcher, useLocation, useNavigation } from 'react-router';
import { type Translate, useTranslation } from '../../lib/i18n';
import { useChrome } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { TextField } from '../../ui/fields';
import { WalletLoading } from '../cashier/fields';
import { useWallet } from '../cashier/WalletProvider';
import { dateTimeFormat } from '../cashier/WithdrawalLists';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { useRouteReload } from '../realtime/route-reload';
import { refusalText } from './api';
import {
  availableLootboxes,
  groupBonuses,
  type KeptBonus,
  type KeptFreespin,
  playableFreespins,
  timeLeft,
  wageringShare,
} from './bonus-lists';
import type { BonusesPageData } from './bonus-pages.server';
import type { BonusesResult } from './bonuses-action.server';
import { prizeText } from './PrizeModal';
import '../../styles/bonuses.css';

type Message = { tone: 'success' | 'error'; text: string } | null;
type Fetcher = FetcherWithComponents<BonusesResult>;

/** Whether the fetcher is posting the form for `intent` (and the item `id`, when given). */
const posting = (fetcher: Fetcher, intent: string, id?: string) =>
  fetcher.state !== 'idle' &&
  fetcher.formData?.get('intent') === intent &&
  (id === undefined || fetcher.formData.get('id') === id);

/** The hidden fields that say what a form asks for, and about which item. */
function Target({ intent, id }: { intent: BonusesResult['intent']; id?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
    </>
  );
}

/** The clock the time left is shown against, moved on every minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Notice({ message }: { message: Message }) {
  return (
    <div aria-live="polite">
      {message ? (
        <p className={`notice ${message.tone === 'success' ? 'notice--success' : 'notice--error'}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The profile's bonus tab (issue 16): the running bonus with its live wagering bar, the bonuses waiting
 * to be activated, free spins to play, lootboxes to open, a coupon form and the history. Everything
 * shown is what the route's loader read (decision 40); what the bonus engine pushes (spec §7
 * bonuses_changes, freespins_changes, lootboxes_changes) and the player's own actions read it again.
 */
export function BonusesPanel({
  data,
  posted,
}: {
  data: BonusesPageData;
  posted?: BonusesResult | undefined;
}) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const reload = useRouteReload();
  const { open } = useModals();
  // Every form of the tab posts to the route's action; the page's loaders and the root's wallet read
  // again after it. Without JavaScript the page is rendered with the action's answer (`posted`).
  // The coupon form has a fetcher of its own: a coupon's answer and the page read after it never
  // hold up a button pressed on what it granted.
  const fetcher = useFetcher<BonusesResult>();
  const couponFetcher = useFetcher<BonusesResult>();
  const result = fetcher.data ?? posted;
  // A lootbox opened here shows its prize in the Prize modal.
  useEffect(() => {
    if (fetcher.data?.intent === 'lootbox' && fetcher.data.ok)
      open('Prize', { lootbox: fetcher.data.lootbox });
  }, [fetcher.data, open]);
  const currencyOf = (id: string | undefined) =>
    [...(data.bonuses ?? []), ...(data.freespins ?? [])].find((item) => item.id === id)?.currency ??
    wallet.active?.currency;
  const message = panelMessage(
    result,
    t,
    (cents, id) => {
      const currency = currencyOf(id);
      return currency ? wallet.money(cents, currency) : String(cents);
    },
    wallet.money,
  );
  const pushed = {
    onData: () => void reload(),
    // Publications missed and not recovered (a first subscribe, a long gap): read the page again.
    onLive: (live: boolean, stale: boolean) => {
      if (live && stale) void reload();
    },
  };
  useRealtimeChannel('bonuses_changes', pushed);
  useRealtimeChannel('freespins_changes', pushed);
  useRealtimeChannel('lootboxes_changes', pushed);

  if (!wallet.ready) {
    return (
      <div className="profile__panel bonuses">
        <h2>{t('bonuses.title')}</h2>
        <WalletLoading label={t('bonuses.loading')} />
      </div>
    );
  }

  const groups = groupBonuses(data.bonuses ?? []);
  const running = [...groups.active, ...groups.handleBets];

  return (
    <div className="profile__panel bonuses">
      <h2>{t('bonuses.title')}</h2>
      <p className="profile__lead">{t('bonuses.lead')}</p>
      {data.bonuses === null ? (
        <div className="wallet-problem">
          <p className="notice notice--error" role="alert">
            {t('bonuses.failed')}
          </p>
          <button type="button" className="button button--ghost" onClick={() => void reload()}>
            {t('bonuses.retry')}
          </button>
        </div>
      ) : null}
      <Notice message={message} />

      <section className="bonuses__section" aria-labelledby="bonuses-active">
        <h3 id="bonuses-active">{t('bonuses.active.title')}</h3>
        {running.length === 0 ? (
          <p className="wallet-empty">{t('bonuses.active.none')}</p>
        ) : (
          running.map((bonus) => (
            <RunningBonus key={bonus.id} bonus={bonus} fetcher={fetcher} result={result} />
          ))
        )}
      </section>

      {groups.issued.length > 0 ? (
        <section className="bonuses__section" aria-labelledby="bonuses-issued">
          <h3 id="bonuses-issued">{t('bonuses.issued.title')}</h3>
          <ul className="bonus-list">
            {groups.issued.map((bonus) => (
              <IssuedBonus key={bonus.id} bonus={bonus} fetcher={fetcher} />
            ))}
          </ul>
        </section>
      ) : null}

      <Freespins freespins={playableFreespins(data.freespins)} />
      <Lootboxes lootboxes={availableLootboxes(data.lootboxes)} fetcher={fetcher} />
      <CouponForm fetcher={couponFetcher} result={couponFetcher.data ?? posted} />
      <History bonuses={groups.history} />
    </div>
  );
}

/**
 * What the tab's notice says of the action's last answer: an activation, a cancellation or a prize done,
 * or why not (a coupon's answer is the coupon form's own; a cancellation still to confirm says nothing).
 */
function panelMessage(
  result: BonusesResult | undefined,
  t: Translate,
  moneyOf: (cents: number, id: string | undefined) => string,
  money: (cents: number, currency: string) => string,
): Message {
  if (!result || result.intent === 'coupon' || 'confirm' in result) return null;
  if (!result.ok) {
    return {
      tone: 'error',
      text: refusalText(t, result.refusal, (cents) => moneyOf(cents, result.id)),
    };
  }
  if (result.intent === 'lootbox') {
    const { prize } = result.lootbox;
    return prize
      ? { tone: 'success', text: `${t('bonuses.prize.won')} ${prizeText(t, prize, money)}` }
      : null;
  }
  const done = result.intent === 'activate' ? 'bonuses.issued.activated' : 'bonuses.cancel.done';
  return { tone: 'success', text: t(done, { title: result.bonus.title }) };
}

function RunningBonus({
  bonus,
  fetcher,
  result,
}: {
  bonus: KeptBonus;
  fetcher: Fetcher;
  result: BonusesResult | undefined;
}) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const { pathname } = useLocation();
  const now = useMinuteClock();
  const categories = useChrome()?.games?.categories as Record<string, string> | undefined;
  // Asked without JavaScript, the page comes back asking to confirm.
  const asked = result?.intent === 'cancel' && 'confirm' in result && result.id === bonus.id;
  const [confirming, setConfirming] = useState(asked);
  const busy = posting(fetcher, 'cancel', bonus.id);
  const titleId = useId();
  const keep = useRef<HTMLAnchorElement>(null);
  // The confirmation takes the focus from the button that asked for it, on its safe choice.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  // Refused (the tab's notice says why): back to the button that asks.
  useEffect(() => {
    if (fetcher.data?.intent === 'cancel' && !fetcher.data.ok && 'refusal' in fetcher.data)
      setConfirming(false);
  }, [fetcher.data]);
  const money = (cents: number) => wallet.money(cents, bonus.currency);
  const share = wageringShare(bonus);
  const left = bonus.expires_at ? timeLeft(bonus.expires_at, now) : null;
  const toGo = Math.max(0, bonus.wagering_required_cents - bonus.wagering_done_cents);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setConfirming(true);
  }

  return (
    <article className="bonus-card bonus-card--running" aria-labelledby={titleId} data-bonus={bonus.id}>
      <header className="bonus-card__head">
        <h4 id={titleId}>{bonus.title}</h4>
        <span className={`badge ${bonus.stage === 'handle_bets' ? 'badge--ok' : ''}`}>
          {t(`bonuses.stages.${bonus.stage}`)}
        </span>
      </header>
      <div className="wagering">
        <div className="wagering__figures">
          <span>{t('bonuses.active.wagering')}</span>
          <strong data-wagering="value">
            {t('bonuses.active.wageringValue', {
              done: money(bonus.wagering_done_cents),
              required: money(bonus.wagering_required_cents),
            })}
          </strong>
        </div>
        <div
          className="wagering__bar"
          role="progressbar"
          aria-label={t('bonuses.active.wageringLabel', { title: bonus.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.floor(share * 100)}
          aria-valuetext={t('bonuses.active.wageringValue', {
            done: money(bonus.wagering_done_cents),
            required: money(bonus.wagering_required_cents),
          })}
        >
          <span className="wagering__fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
        </div>
        {bonus.stage === 'handle_bets' ? (
          <p className="wagering__note">{t('bonuses.active.settling')}</p>
        ) : (
          <p className="wagering__note">{t('bonuses.active.toGo', { amount: money(toGo) })}</p>
        )}
      </div>
      <dl className="bonus-card__facts">
        <div>
          <dt>{t('bonuses.active.balance')}</dt>
          <dd data-bonus-balance>{money(bonus.balance_cents)}</dd>
        </div>
        <div>
          <dt>{t('bonuses.active.granted')}</dt>
          <dd>{money(bonus.amount_cents)}</dd>
        </div>
        <div>
          <dt>{t('bonuses.active.timeLeft')}</dt>
          <dd>
            {left
              ? t('bonuses.active.timeLeftValue', {
                  days: left.days,
                  hours: left.hours,
                  minutes: left.minutes,
                })
              : t('bonuses.active.noExpiry')}
          </dd>
        </div>
        <div>
          <dt>{t('bonuses.active.maxBet')}</dt>
          <dd>{bonus.max_bet_cents === null ? t('bonuses.active.noMaxBet') : money(bonus.max_bet_cents)}</dd>
        </div>
      </dl>
      <table className="contributions">
        <caption>{t('bonuses.active.contributions')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bonuses.active.category')}</th>
            <th scope="col">{t('bonuses.active.counts')}</th>
          </tr>
        </thead>
        <tbody>
          {bonus.contributions.map((entry) => (
            <tr key={entry.category}>
              <th scope="row">{categories?.[entry.category] ?? entry.category}</th>
              <td>{t('bonuses.active.percent', { percent: entry.percent })}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('bonuses.active.otherGames')}</th>
            <td>{t('bonuses.active.percent', { percent: bonus.other_percent })}</td>
          </tr>
        </tbody>
      </table>
      {confirming ? (
        <div
          className="bonus-confirm"
          role="alertdialog"
          aria-labelledby={`${titleId}-confirm`}
          aria-describedby={`${titleId}-confirm-text`}
        >
          <p id={`${titleId}-confirm`} className="bonus-confirm__title">
            {t('bonuses.cancel.title', { title: bonus.title })}
          </p>
          <p id={`${titleId}-confirm-text`}>
            {t('bonuses.cancel.text', { balance: money(bonus.balance_cents) })}
          </p>
          <fetcher.Form method="post" className="bonus-card__actions">
            <Target intent="cancel" id={bonus.id} />
            <button
              type="submit"
              name="confirmed"
              value="yes"
              className="button button--danger"
              disabled={busy}
              aria-busy={busy}
            >
              {t('bonuses.cancel.confirm')}
            </button>
            {/* Without JavaScript, the page as it was before the question. */}
            <a
              href={pathname}
              className="button button--ghost"
              ref={keep}
              onClick={(event) => {
                event.preventDefault();
                setConfirming(false);
              }}
            >
              {t('bonuses.cancel.keep')}
            </a>
          </fetcher.Form>
        </div>
      ) : (
        <fetcher.Form method="post" className="bonus-card__actions" onSubmit={ask}>
          <Target intent="cancel" id={bonus.id} />
          <button type="submit" className="button button--ghost">
            {t('bonuses.active.cancel')}
          </button>
        </fetcher.Form>
      )}
    </article>
  );
}

function IssuedBonus({ bonus, fetcher }: { bonus: KeptBonus; fetcher: Fetcher }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  // Busy until the page has read the bonus running, so it is not activated twice.
  const busy = posting(fetcher, 'activate', bonus.id);
  const money = (cents: number) => wallet.money(cents, bonus.currency);

  return (
    <li className="bonus-card" data-bonus={bonus.id}>
      <header className="bonus-card__head">
        <h4>{bonus.title}</h4>
        <span className="badge badge--muted">{t('bonuses.stages.issued')}</span>
      </header>
      <dl className="bonus-card__facts">
        <div>
          <dt>{t('bonuses.issued.amount')}</dt>
          <dd>{money(bonus.amount_cents)}</dd>
        </div>
        <div>
          <dt>{t('bonuses.issued.wagering')}</dt>
          <dd>{money(bonus.wagering_required_cents)}</dd>
        </div>
        <div>
          <dt>{t('bonuses.issued.days')}</dt>
          <dd>{t('bonuses.issued.daysValue', { days: bonus.wager_days })}</dd>
        </div>
        {bonus.max_bet_cents !== null ? (
          <div>
            <dt>{t('bonuses.active.maxBet')}</dt>
            <dd>{money(bonus.max_bet_cents)}</dd>
          </div>
        ) : null}
      </dl>
      <fetcher.Form method="post" className="bonus-card__actions">
        <Target intent="activate" id={bonus.id} />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? t('bonuses.issued.activating') : t('bonuses.issued.activate')}
        </button>
      </fetcher.Form>
    </li>
  );
}

function Freespins({ freespins }: { freespins: KeptFreespin[] }) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  // A navigation, not a fetcher: React Router drops a fetcher action's redirect when any load (a push's
  // read, another form's revalidation) started after it, and starting the spins publishes one. Started,
  // the action leads on to the game: busy until the game page is there; a refusal is the page's actionData.
  const navigation = useNavigation();
  const starting = navigation.formData?.get('intent') === 'freespins' ? navigation.formData.get('id') : null;
  const dates = dateTimeFormat(locale);

  return (
    <section className="bonuses__section" aria-labelledby="bonuses-freespins">
      <h3 id="bonuses-freespins">{t('bonuses.freespins.title')}</h3>
      {freespins.length === 0 ? (
        <p className="wallet-empty">{t('bonuses.freespins.empty')}</p>
      ) : (
        <ul className="bonus-list">
          {freespins.map((freespin) => (
            <li key={freespin.id} className="bonus-card" data-freespin={freespin.id}>
              <header className="bonus-card__head">
                <h4>{freespin.title}</h4>
                <span className="badge badge--muted">{freespin.game.title}</span>
              </header>
              <p>
                {t('bonuses.freespins.spinsLeft', {
                  left: freespin.count - freespin.played,
                  count: freespin.count,
                })}
                {' · '}
                {t('bonuses.freespins.value', {
                  value: wallet.money(freespin.value_cents, freespin.currency),
                })}
              </p>
              {freespin.win_cents > 0 ? (
                <p>
                  {t('bonuses.freespins.won', {
                    amount: wallet.money(freespin.win_cents, freespin.currency),
                  })}
                </p>
              ) : null}
              <p className="bonus-card__when">
                {t('bonuses.freespins.expires', { date: dates.format(new Date(freespin.expires_at)) })}
              </p>
              <Form method="post" className="bonus-card__actions" preventScrollReset>
                <Target intent="freespins" id={freespin.id} />
                <button
                  type="submit"
                  className="button button--primary"
                  disabled={Boolean(starting)}
                  aria-busy={starting === freespin.id}
                >
                  {starting === freespin.id ? t('bonuses.freespins.starting') : t('bonuses.freespins.play')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Lootboxes({ lootboxes, fetcher }: { lootboxes: Lootbox[]; fetcher: Fetcher }) {
  const { t } = useTranslation();
  const opening = posting(fetcher, 'lootbox') ? fetcher.formData?.get('id') : null;

  return (
    <section className="bonuses__section" aria-labelledby="bonuses-lootboxes">
      <h3 id="bonuses-lootboxes">{t('bonuses.lootboxes.title')}</h3>
      {lootboxes.length === 0 ? (
        <p className="wallet-empty">{t('bonuses.lootboxes.empty')}</p>
      ) : (
        <ul className="bonus-list">
          {lootboxes.map((lootbox) => {
            const total = lootbox.prizes.reduce((sum, prize) => sum + prize.weight, 0);
            return (
              <li key={lootbox.id} className="bonus-card" data-lootbox={lootbox.id}>
                <header className="bonus-card__head">
                  <h4>{lootbox.title}</h4>
                </header>
                {lootbox.prizes.length > 0 ? (
                  <>
                    <p className="bonus-card__label">{t('bonuses.lootboxes.prizes')}</p>
                    <ul className="lootbox-prizes">
                      {lootbox.prizes.map((prize) => (
                        <li key={prize.title}>
                          <span>{prize.title}</span>
                          <span>
                            {t('bonuses.lootboxes.chance', {
                              percent: total > 0 ? Math.round((prize.weight / total) * 1000) / 10 : 0,
                            })}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
                <p className="bonus-card__hash">
                  <span>{t('bonuses.lootboxes.hash')}</span>
                  <code>{lootbox.server_seed_hash}</code>
                  <span className="field__hint">{t('bonuses.lootboxes.hashHint')}</span>
                </p>
                <fetcher.Form method="post" className="bonus-card__actions">
                  <Target intent="lootbox" id={lootbox.id} />
                  <button
                    type="submit"
                    className="button button--primary"
                    disabled={Boolean(opening)}
                    aria-busy={opening === lootbox.id}
                  >
                    {opening === lootbox.id ? t('bonuses.lootboxes.opening') : t('bonuses.lootboxes.open')}
                  </button>
                </fetcher.Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function CouponForm({ fetcher, result }: { fetcher: Fetcher; result: BonusesResult | undefined }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const [code, setCode] = useState('');
  const busy = posting(fetcher, 'coupon');
  const answer = result?.intent === 'coupon' ? result : undefined;
  // Typing again clears what the last answer said of the code.
  const [edited, setEdited] = useState<BonusesResult | undefined>();
  useEffect(() => {
    if (fetcher.data?.intent === 'coupon' && fetcher.data.ok) setCode('');
  }, [fetcher.data]);
  const problem =
    answer && !answer.ok && answer !== edited && 'refusal' in answer
      ? refusalText(t, answer.refusal, (cents) =>
          wallet.active ? wallet.money(cents, wallet.active.currency) : String(cents),
        )
      : '';
  const done =
    answer?.ok && answer.intent === 'coupon'
      ? answer.granted.length > 0
        ? t('bonuses.coupon.redeemed', { items: answer.granted.join(', ') })
        : t('bonuses.coupon.accepted')
      : '';

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!code.trim() || busy) event.preventDefault();
  }

  return (
    <section className="bonuses__section" aria-labelledby="bonuses-coupon">
      <h3 id="bonuses-coupon">{t('bonuses.coupon.title')}</h3>
      <fetcher.Form method="post" className="coupon-form" noValidate onSubmit={submit} aria-busy={busy}>
        <Target intent="coupon" />
        <TextField
          id="coupon-code"
          name="coupon_code"
          label={t('bonuses.coupon.label')}
          hint={t('bonuses.coupon.hint')}
          autoComplete="off"
          maxLength={64}
          value={code}
          problem={problem || undefined}
          onChange={(value) => {
            setCode(value);
            setEdited(answer);
          }}
        />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {t('bonuses.coupon.submit')}
        </button>
      </fetcher.Form>
      <div aria-live="polite">{done ? <p className="notice notice--success">{done}</p> : null}</div>
    </section>
  );
}

function History({ bonuses }: { bonuses: KeptBonus[] }) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const dates = dateTimeFormat(locale);
  return (
    <section className="bonuses__section" aria-labelledby="bonuses-history">
      <h3 id="bonuses-history">{t('bonuses.history.title')}</h3>
      {bonuses.length === 0 ? (
        <p className="wallet-empty">{t('bonuses.history.empty')}</p>
      ) : (
        <ul className="bonus-history">
          {bonuses.map((bonus) => (
            <li key={bonus.id} data-bonus={bonus.id} data-stage={bonus.stage}>
              <span className="bonus-history__title">{bonus.title}</span>
              <span>
                {t('bonuses.history.amount', { amount: wallet.money(bonus.amount_cents, bonus.currency) })}
              </span>
              <span className="badge badge--muted">{t(`bonuses.stages.${bonus.stage}`)}</span>
              <span className="bonus-history__date">
                {t('bonuses.history.ended', {
                  date: dates.format(new Date(bonus.finished_at ?? bonus.created_at)),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The way to the bonus tab, for notices elsewhere (the game page, the Prize modal). */
export const bonusesPath = (locale: 'en' | 'el') => localizePath('/profile/bonuses', locale);
