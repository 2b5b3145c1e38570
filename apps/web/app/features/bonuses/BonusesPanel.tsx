import type { Lootbox } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useChrome } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { TextField } from '../../ui/fields';
import { WalletLoading } from '../cashier/fields';
import { useWallet } from '../cashier/WalletProvider';
import { dateTimeFormat } from '../cashier/WithdrawalLists';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { useRouteReload } from '../realtime/route-reload';
import { activateBonus, activateFreespins, cancelBonus, openLootbox, redeemCoupon, refusalText } from './api';
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
import '../../styles/bonuses.css';

type Message = { tone: 'success' | 'error'; text: string } | null;

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
export function BonusesPanel({ data }: { data: BonusesPageData }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const reload = useRouteReload();
  const [message, setMessage] = useState<Message>(null);
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
          running.map((bonus) => <RunningBonus key={bonus.id} bonus={bonus} onMessage={setMessage} />)
        )}
      </section>

      {groups.issued.length > 0 ? (
        <section className="bonuses__section" aria-labelledby="bonuses-issued">
          <h3 id="bonuses-issued">{t('bonuses.issued.title')}</h3>
          <ul className="bonus-list">
            {groups.issued.map((bonus) => (
              <IssuedBonus key={bonus.id} bonus={bonus} onMessage={setMessage} />
            ))}
          </ul>
        </section>
      ) : null}

      <Freespins freespins={playableFreespins(data.freespins)} onMessage={setMessage} />
      <Lootboxes lootboxes={availableLootboxes(data.lootboxes)} onMessage={setMessage} />
      <CouponForm />
      <History bonuses={groups.history} />
    </div>
  );
}

function RunningBonus({ bonus, onMessage }: { bonus: KeptBonus; onMessage: (message: Message) => void }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const reload = useRouteReload();
  const now = useMinuteClock();
  const categories = useChrome()?.games?.categories as Record<string, string> | undefined;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  // The confirmation takes the focus from the button that asked for it, on its safe choice.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  const money = (cents: number) => wallet.money(cents, bonus.currency);
  const share = wageringShare(bonus);
  const left = bonus.expires_at ? timeLeft(bonus.expires_at, now) : null;
  const toGo = Math.max(0, bonus.wagering_required_cents - bonus.wagering_done_cents);

  async function cancel() {
    setBusy(true);
    onMessage(null);
    const answer = await cancelBonus(bonus.id);
    if (answer?.ok) {
      onMessage({ tone: 'success', text: t('bonuses.cancel.done', { title: bonus.title }) });
      // The bonus moves to the history and its money leaves the balance: the page and the root read again.
      await reload();
    }
    setBusy(false);
    setConfirming(false);
    if (!answer?.ok) {
      onMessage({ tone: 'error', text: refusalText(t, answer, money) });
    }
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
          <div className="bonus-card__actions">
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void cancel()}
            >
              {t('bonuses.cancel.confirm')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              ref={keep}
              onClick={() => setConfirming(false)}
            >
              {t('bonuses.cancel.keep')}
            </button>
          </div>
        </div>
      ) : (
        <div className="bonus-card__actions">
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            {t('bonuses.active.cancel')}
          </button>
        </div>
      )}
    </article>
  );
}

function IssuedBonus({ bonus, onMessage }: { bonus: KeptBonus; onMessage: (message: Message) => void }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const reload = useRouteReload();
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => wallet.money(cents, bonus.currency);

  async function activate() {
    setBusy(true);
    onMessage(null);
    const answer = await activateBonus(bonus.id);
    if (answer?.ok) {
      onMessage({ tone: 'success', text: t('bonuses.issued.activated', { title: bonus.title }) });
      // Busy until the page has read the bonus running, so it is not activated twice.
      await reload();
    } else {
      onMessage({ tone: 'error', text: refusalText(t, answer, money) });
    }
    setBusy(false);
  }

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
      <div className="bonus-card__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void activate()}
        >
          {busy ? t('bonuses.issued.activating') : t('bonuses.issued.activate')}
        </button>
      </div>
    </li>
  );
}

function Freespins({
  freespins,
  onMessage,
}: {
  freespins: KeptFreespin[];
  onMessage: (message: Message) => void;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);
  const dates = dateTimeFormat(locale);

  async function play(freespin: KeptFreespin) {
    setBusy(freespin.id);
    onMessage(null);
    const answer = await activateFreespins(freespin.id);
    if (answer?.ok) {
      const url = answer.body.launch_url;
      // The game page of this site, in the player's language, or the game's own address.
      if (url.startsWith('/') && !url.startsWith('//')) void navigate(localizePath(url, locale));
      else window.location.assign(url);
      return;
    }
    setBusy(null);
    onMessage({
      tone: 'error',
      text: refusalText(t, answer, (cents) => wallet.money(cents, freespin.currency)),
    });
  }

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
              <div className="bonus-card__actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy !== null}
                  aria-busy={busy === freespin.id}
                  onClick={() => void play(freespin)}
                >
                  {busy === freespin.id ? t('bonuses.freespins.starting') : t('bonuses.freespins.play')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Lootboxes({
  lootboxes,
  onMessage,
}: {
  lootboxes: Lootbox[];
  onMessage: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const { open } = useModals();
  const reload = useRouteReload();
  const [busy, setBusy] = useState<string | null>(null);

  async function openBox(lootbox: Lootbox) {
    setBusy(lootbox.id);
    onMessage(null);
    const answer = await openLootbox(lootbox.id);
    if (answer?.ok) {
      open('Prize', { lootbox: answer.body });
      // A prize of money or spins changes the balance and the lists: the page and the root read again.
      await reload();
    } else {
      onMessage({ tone: 'error', text: refusalText(t, answer) });
    }
    setBusy(null);
  }

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
                <div className="bonus-card__actions">
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={busy !== null}
                    aria-busy={busy === lootbox.id}
                    onClick={() => void openBox(lootbox)}
                  >
                    {busy === lootbox.id ? t('bonuses.lootboxes.opening') : t('bonuses.lootboxes.open')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function CouponForm() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const reload = useRouteReload();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed || busy) return;
    setBusy(true);
    setProblem('');
    setDone('');
    const answer = await redeemCoupon(typed);
    setBusy(false);
    if (answer?.ok) {
      const granted = answer.body;
      const titles = [...granted.bonuses, ...granted.freespins, ...granted.lootboxes].map(
        (item) => item.title,
      );
      setDone(
        titles.length > 0
          ? t('bonuses.coupon.redeemed', { items: titles.join(', ') })
          : t('bonuses.coupon.accepted'),
      );
      setCode('');
      // What the coupon granted joins the lists (and the balance): the page and the root read again.
      await reload();
    } else {
      setProblem(
        refusalText(t, answer, (cents) =>
          wallet.active ? wallet.money(cents, wallet.active.currency) : String(cents),
        ),
      );
    }
  }

  return (
    <section className="bonuses__section" aria-labelledby="bonuses-coupon">
      <h3 id="bonuses-coupon">{t('bonuses.coupon.title')}</h3>
      <form className="coupon-form" noValidate onSubmit={submit} aria-busy={busy}>
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
            if (problem) setProblem('');
          }}
        />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {t('bonuses.coupon.submit')}
        </button>
      </form>
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
