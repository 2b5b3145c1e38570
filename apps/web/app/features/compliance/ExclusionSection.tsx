import type { Exclusion, ExclusionKind, ExclusionPeriod } from '@chrysos/contract';
import { exclusionPeriodNames, licenceRules } from '@chrysos/rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type FetcherWithComponents, useFetcher, useLocation, useSearchParams } from 'react-router';
import { describeProblem, formatMoment, problemsOf } from '../../lib/api-errors';
import { type Translate, useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import { useRouteReload } from '../realtime/route-reload';
import { breakParameter } from './exclusions/break-link';
import type { ExclusionsResult } from './exclusions/exclusions-action.server';
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

type Fetcher = FetcherWithComponents<ExclusionsResult>;

/**
 * Issue 17, the responsible-gaming page: a time-out (24 hours to six weeks) and a self-exclusion
 * (six months or longer), each with a confirmation that says exactly what happens, from the periods
 * the licence offers (@chrysos/rules licences). Confirmed, the player is signed out everywhere and
 * lands on the sign-in page that says until when. Below, their breaks and exclusions; one whose time
 * is over is lifted in two steps a day apart. The list is what the route's loader read (null when it
 * could not). Each form posts to the route's action (a fetcher; a plain post without JavaScript, whose
 * answer the page is rendered with: `posted`), and the loaders read the list again after it.
 */
export function ExclusionSection({
  exclusions: list,
  posted,
}: {
  exclusions: Exclusion[] | null;
  posted?: ExclusionsResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const licence = useRootData()?.license ?? 'curacao';
  const rules = licenceRules(licence).exclusions;
  const reload = useRouteReload();
  const fetcher = useFetcher<ExclusionsResult>();
  const result = fetcher.data ?? posted;
  // A new question (a break asked for) clears what the last answer said.
  const [cleared, setCleared] = useState<ExclusionsResult | undefined>();
  const message: Message =
    !result || result === cleared || 'confirm' in result
      ? null
      : result.ok
        ? {
            tone: 'success',
            text: t(
              result.exclusion.state === 'lifted'
                ? 'exclusions.history.lifted'
                : 'exclusions.history.liftAsked',
            ),
          }
        : { tone: 'error', text: refusal(t, result.refusal, locale) };
  const asking = () => setCleared(result);

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
        fetcher={fetcher}
        result={result}
        onAsk={asking}
      />
      <ExclusionForm
        kind="self_exclusion"
        periods={exclusionPeriodNames(rules, 'self_exclusion') as ExclusionPeriod[]}
        fetcher={fetcher}
        result={result}
        onAsk={asking}
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
      {list && list.length > 0 ? <History list={list} fetcher={fetcher} locale={locale} /> : null}
    </section>
  );
}

function ExclusionForm({
  kind,
  periods,
  fetcher,
  result,
  onAsk,
}: {
  kind: ExclusionKind;
  periods: readonly ExclusionPeriod[];
  fetcher: Fetcher;
  result: ExclusionsResult | undefined;
  onAsk: () => void;
}) {
  const { t, locale } = useTranslation();
  const { pathname } = useLocation();
  const group = kind === 'timeout' ? 'timeout' : 'selfExclusion';
  // The account menu's panic button asks for a break of a period, and a form posted without JavaScript
  // is asked to confirm: the form opens on it, confirming.
  const [searchParams] = useSearchParams();
  const posted =
    result && 'confirm' in result && result.confirm.kind === kind ? result.confirm.period : undefined;
  const asked =
    posted ??
    (kind === 'timeout' ? periods.find((option) => option === searchParams.get(breakParameter)) : undefined);
  const form = useRef<HTMLFormElement>(null);
  const [period, setPeriod] = useState<ExclusionPeriod | null>(asked ?? periods[0] ?? null);
  const [confirming, setConfirming] = useState(asked !== undefined);
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('kind') === kind;
  const titleId = useId();
  const keep = useRef<HTMLAnchorElement>(null);
  // The confirmation takes the focus on its safe choice, in view.
  useEffect(() => {
    if (!confirming) return;
    keep.current?.focus();
    form.current?.scrollIntoView({ block: 'start' });
  }, [confirming]);
  // Refused (the section says why): the form is back to its first step.
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok && 'refusal' in fetcher.data && fetcher.data.kind === kind) {
      setConfirming(false);
    }
  }, [fetcher.data, kind]);

  if (!period) return null;
  const end = endOf(period, Date.now());

  function ask(event: FormEvent<HTMLFormElement>) {
    // The confirmation's own button posts the form; the first one only asks.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (confirming && submitter?.getAttribute('name') === 'confirmed') return;
    event.preventDefault();
    onAsk();
    setConfirming(true);
  }

  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="exclusions__form"
      onSubmit={ask}
      data-exclusion-kind={kind}
    >
      <input type="hidden" name="intent" value="exclude" />
      <input type="hidden" name="kind" value={kind} />
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
                name="period"
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
              <button type="submit" name="confirmed" value="yes" className="button button--danger">
                {t(`exclusions.${group}.confirm`)}
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
                {t('exclusions.cancel')}
              </a>
            </div>
          </div>
        ) : (
          <button type="submit" className="button">
            {t(`exclusions.${group}.submit`)}
          </button>
        )}
      </fieldset>
    </fetcher.Form>
  );
}

function History({
  list,
  fetcher,
  locale,
}: {
  list: readonly Exclusion[];
  fetcher: Fetcher;
  locale: string;
}) {
  const { t } = useTranslation();
  const lifting = fetcher.state !== 'idle' ? fetcher.formData?.get('id') : null;
  const moment = (iso: string) => formatMoment(iso, locale);

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
              <fetcher.Form method="post" className="exclusions__lift">
                <input type="hidden" name="intent" value="lift" />
                <input type="hidden" name="id" value={exclusion.id} />
                <button type="submit" className="button button--ghost" disabled={lifting === exclusion.id}>
                  {t(
                    exclusion.state === 'ended'
                      ? 'exclusions.history.liftAsk'
                      : 'exclusions.history.liftConfirm',
                  )}
                </button>
              </fetcher.Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
