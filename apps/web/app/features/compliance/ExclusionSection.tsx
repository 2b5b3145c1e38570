import type { Exclusion, ExclusionKind, ExclusionPeriod } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { exclusionPeriodNames, licenceRules, localizePath } from '@chrysos/rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { describeProblem, formatMoment, problemsOf } from '../../lib/api-errors';
import { type Translate, useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import { useRouteReload } from '../realtime/route-reload';
import { breakParameter } from './exclusions/break-link';
import '../../styles/exclusions.css';
import '../../styles/bonuses.css';

type Message = { tone: 'success' | 'error'; text: string } | null;

const hourMs = 60 * 60 * 1000;

/** Roughly when a period chosen now ends, for the confirmation (the server decides the exact moment). */
function endOf(period: ExclusionPeriod, from: number): Date | null {
  const match = /^(\d+)([hwmy])$/.exec(period);
  if (!match) return null;
  const count = Number(match[1]);
  const unit = match[2];
  if (unit === 'h') return new Date(from + count * hourMs);
  if (unit === 'w') return new Date(from + count * 7 * 24 * hourMs);
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + (unit === 'y' ? 12 * count : count));
  return end;
}

function refusal(t: Translate, answer: { ok: boolean; body?: unknown } | null, locale: string): string {
  if (!answer) return t('exclusions.problems.network');
  const [problem] = problemsOf(answer);
  return problem ? describeProblem(t, problem, { locale }) : t('exclusions.problems.network');
}

/** Where a player who just excluded themselves lands: the sign-in page, saying until when. */
export const excludedPath = (locale: string, exclusion: Pick<Exclusion, 'kind' | 'ends_at'>) =>
  `${localizePath('/users/sign_in', locale as 'en' | 'el')}?excluded=${encodeURIComponent(exclusion.ends_at ?? 'permanent')}&kind=${exclusion.kind}`;

/**
 * Issue 17, the responsible-gaming page: a time-out (24 hours to six weeks) and a self-exclusion
 * (six months or longer), each with a confirmation that says exactly what happens, from the periods
 * the licence offers (@chrysos/rules licences). Confirmed, the player is signed out everywhere and
 * lands on the sign-in page that says until when. Below, their breaks and exclusions; one whose time
 * is over is lifted in two steps a day apart. The list is what the route's loader read (null when it
 * could not); lifting one reads it again.
 */
export function ExclusionSection({ exclusions: list }: { exclusions: Exclusion[] | null }) {
  const { t, locale } = useTranslation();
  const licence = useRootData()?.license ?? 'curacao';
  const rules = licenceRules(licence).exclusions;
  const reload = useRouteReload();
  const [message, setMessage] = useState<Message>(null);

  return (
    <section className="profile__panel exclusions" aria-labelledby="exclusions-title" data-exclusions>
      <h2 id="exclusions-title">{t('exclusions.title')}</h2>
      <p className="profile__lead">{t('exclusions.lead')}</p>
      <div aria-live="polite">
        {message ? (
          <p className={`notice ${message.tone === 'success' ? 'notice--success' : 'notice--error'}`}>
            {message.text}
          </p>
        ) : null}
      </div>
      <ExclusionForm
        kind="timeout"
        periods={exclusionPeriodNames(rules, 'timeout') as ExclusionPeriod[]}
        onMessage={setMessage}
      />
      <ExclusionForm
        kind="self_exclusion"
        periods={exclusionPeriodNames(rules, 'self_exclusion') as ExclusionPeriod[]}
        onMessage={setMessage}
      />
      {list === null ? (
        <div className="wallet-problem">
          <p className="notice notice--error" role="alert">
            {t('exclusions.problems.load')}
          </p>
          <button type="button" className="button button--ghost" onClick={() => void reload()}>
            {t('exclusions.retry')}
          </button>
        </div>
      ) : null}
      {list && list.length > 0 ? (
        <History list={list} onChanged={reload} onMessage={setMessage} locale={locale} />
      ) : null}
    </section>
  );
}

function ExclusionForm({
  kind,
  periods,
  onMessage,
}: {
  kind: ExclusionKind;
  periods: readonly ExclusionPeriod[];
  onMessage: (message: Message) => void;
}) {
  const { t, locale } = useTranslation();
  const group = kind === 'timeout' ? 'timeout' : 'selfExclusion';
  // The account menu's panic button asks for a break of a period: the form opens on it, confirming.
  const [searchParams] = useSearchParams();
  const asked =
    kind === 'timeout' ? periods.find((option) => option === searchParams.get(breakParameter)) : undefined;
  const form = useRef<HTMLFormElement>(null);
  const [period, setPeriod] = useState<ExclusionPeriod | null>(asked ?? periods[0] ?? null);
  const [confirming, setConfirming] = useState(asked !== undefined);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  // The confirmation takes the focus on its safe choice, in view.
  useEffect(() => {
    if (!confirming) return;
    keep.current?.focus();
    form.current?.scrollIntoView({ block: 'start' });
  }, [confirming]);

  if (!period) return null;
  const end = endOf(period, Date.now());

  function ask(event: FormEvent) {
    event.preventDefault();
    onMessage(null);
    setConfirming(true);
  }

  async function confirm() {
    if (!period) return;
    setBusy(true);
    const answer = await api(endpoints.exclusions.take, { body: { kind, period } }).catch(() => null);
    setBusy(false);
    if (answer?.ok) {
      // The server ended every session of the player, this one too: a fresh page load as a visitor,
      // so nothing of the signed-in page (its stores, its realtime connection) outlives the session.
      window.location.assign(excludedPath(locale, answer.body));
      return;
    }
    setConfirming(false);
    onMessage({ tone: 'error', text: refusal(t, answer, locale) });
  }

  return (
    <form ref={form} className="exclusions__form" onSubmit={ask} data-exclusion-kind={kind}>
      <fieldset disabled={busy}>
        <legend>
          <h3>{t(`exclusions.${group}.title`)}</h3>
        </legend>
        <p>{t(`exclusions.${group}.lead`)}</p>
        <p>{t(`exclusions.${group}.choose`)}</p>
        <div className="exclusions__periods" role="radiogroup">
          {periods.map((option) => (
            <label key={option} className="exclusions__period">
              <input
                type="radio"
                name={`${kind}-period`}
                value={option}
                checked={period === option}
                onChange={() => {
                  setPeriod(option);
                  setConfirming(false);
                }}
              />{' '}
              {t(`exclusions.periods.${option}`)}
            </label>
          ))}
        </div>
        {confirming ? (
          <div className="bonus-confirm" role="alertdialog" aria-labelledby={titleId} data-exclusion-confirm>
            <p className="bonus-confirm__title" id={titleId}>
              {t(`exclusions.${group}.confirmTitle`, { period: t(`exclusions.periods.${period}`) })}
            </p>
            <ul>
              <li>
                {end
                  ? t('exclusions.effects.signedOut', { until: formatMoment(end.toISOString(), locale) })
                  : t('exclusions.effects.signedOutPermanent')}
              </li>
              <li>{t('exclusions.effects.games')}</li>
              <li>{t('exclusions.effects.bonus')}</li>
              <li>{t('exclusions.effects.offers')}</li>
              <li>{t('exclusions.effects.withdrawals')}</li>
              <li>{t('exclusions.effects.noEarlyEnd')}</li>
              {end ? <li>{t('exclusions.effects.liftAfter')}</li> : null}
            </ul>
            <div className="bonus-card__actions">
              <button type="button" className="button button--danger" onClick={() => void confirm()}>
                {t(`exclusions.${group}.confirm`)}
              </button>
              <button
                type="button"
                className="button button--ghost"
                ref={keep}
                onClick={() => setConfirming(false)}
              >
                {t('exclusions.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" className="button">
            {t(`exclusions.${group}.submit`)}
          </button>
        )}
      </fieldset>
    </form>
  );
}

function History({
  list,
  onChanged,
  onMessage,
  locale,
}: {
  list: readonly Exclusion[];
  onChanged: () => Promise<void>;
  onMessage: (message: Message) => void;
  locale: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const moment = (iso: string) => formatMoment(iso, locale);

  async function lift(exclusion: Exclusion) {
    setBusy(exclusion.id);
    onMessage(null);
    const answer = await api(endpoints.exclusions.lift, { params: { id: exclusion.id } }).catch(() => null);
    setBusy(null);
    if (answer?.ok) {
      onMessage({
        tone: 'success',
        text: t(
          answer.body.state === 'lifted' ? 'exclusions.history.lifted' : 'exclusions.history.liftAsked',
        ),
      });
      await onChanged();
    } else onMessage({ tone: 'error', text: refusal(t, answer, locale) });
  }

  return (
    <section className="exclusions__history" aria-labelledby="exclusions-history">
      <h3 id="exclusions-history">{t('exclusions.history.title')}</h3>
      <ul className="bonus-list">
        {list.map((exclusion) => (
          <li key={exclusion.id} data-exclusion={exclusion.id} data-state={exclusion.state}>
            <strong>{t(`exclusions.history.kind.${exclusion.kind}`)}</strong>{' '}
            {t('exclusions.history.range', {
              start: moment(exclusion.starts_at),
              end: exclusion.ends_at ? moment(exclusion.ends_at) : t('exclusions.history.forever'),
            })}{' '}
            <span className="badge">
              {t(`exclusions.history.states.${exclusion.state}`, {
                at: exclusion.liftable_at ? moment(exclusion.liftable_at) : '',
              })}
            </span>
            {exclusion.state === 'ended' || exclusion.state === 'cooling_off' ? (
              <button
                type="button"
                className="button button--ghost"
                disabled={busy === exclusion.id}
                onClick={() => void lift(exclusion)}
              >
                {t(
                  exclusion.state === 'ended'
                    ? 'exclusions.history.liftAsk'
                    : 'exclusions.history.liftConfirm',
                )}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
