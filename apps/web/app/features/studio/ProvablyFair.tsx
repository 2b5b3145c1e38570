import {
  createStudioApi,
  OutcomeSummary,
  StudioError,
  sha256Hex,
  translator,
  type VerifyAnswer,
} from '@chrysos/games/client/verify';
import type { Locale } from '@chrysos/rules';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { StudioTitleChoice } from './studio-titles.server';

/** A bet each engine accepts, to start from (amounts in minor units). */
const examples: Record<string, string> = {
  'video-slot': '{"stake": 200}',
  'classic-slot': '{"stake": 10}',
  roulette: '{"bets": [{"type": "red", "amount": 100}, {"type": "straight", "numbers": [17], "amount": 10}]}',
  blackjack: '{"stake": 100}',
  dice: '{"stake": 100, "direction": "under", "target": 49.5}',
};

type Problem = { field: string; message: string };

/**
 * How the studio's rounds are fixed by committed seeds, and the verifier: it checks the fields as the
 * studio will, recomputes the round with POST /games-api/verify and hashes the seed in the browser.
 */
export function ProvablyFair({ games, locale }: { games: StudioTitleChoice[]; locale: Locale }) {
  const { t } = useTranslation();
  const id = useId();
  // A round opened from the account history arrives with its data in the address, and is verified at once.
  const [search] = useSearchParams();
  const given = (name: string) => search.get(name) ?? '';
  const [game, setGame] = useState(() =>
    games.some((choice) => choice.id === given('game')) ? given('game') : '',
  );
  const [serverSeed, setServerSeed] = useState(() => given('server_seed'));
  const [clientSeed, setClientSeed] = useState(() => given('client_seed'));
  const [nonce, setNonce] = useState(() => given('nonce') || '0');
  const [bet, setBet] = useState(() => given('bet'));
  const [actions, setActions] = useState(() => given('actions'));
  const expectedPayout = /^\d+$/.test(given('payout')) ? Number(given('payout')) : null;
  const form = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the round the address brought
  useEffect(() => {
    if (game && serverSeed && clientSeed && bet) form.current?.requestSubmit();
  }, []);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [result, setResult] = useState<{ answer: VerifyAnswer; browserHash: string } | null>(null);
  const api = useMemo(() => createStudioApi(null), []);
  const gameT = useMemo(() => translator(locale), [locale]);
  const engine = games.find((candidate) => candidate.id === game)?.engine ?? null;
  const example = engine ? (examples[engine] ?? '') : '';
  const numberFormat = useMemo(() => new Intl.NumberFormat(locale === 'el' ? 'el-GR' : 'en-GB'), [locale]);
  const minor = (amount: number) => t('provablyFair.result.minor', { amount: numberFormat.format(amount) });

  const fail = (field: string, key: string) =>
    setProblem({ field, message: t(`provablyFair.errors.${key}`) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setResult(null);
    const seed = serverSeed.trim().toLowerCase();
    if (!game) return fail('game', 'game');
    if (!/^[0-9a-f]{64}$/.test(seed)) return fail('server_seed', 'serverSeed');
    if (!/^[\x21-\x7e]{1,64}$/.test(clientSeed.trim())) return fail('client_seed', 'clientSeed');
    const round = Number(nonce.trim());
    if (!/^\d+$/.test(nonce.trim()) || !Number.isSafeInteger(round)) return fail('nonce', 'nonce');
    let parsedBet: unknown;
    try {
      parsedBet = JSON.parse(bet || example || 'null');
    } catch {
      return fail('bet', 'betJson');
    }
    const moves = actions
      .split(/[\s,]+/)
      .map((move) => move.trim().toLowerCase())
      .filter(Boolean);
    if (moves.some((move) => !['hit', 'stand', 'double', 'split'].includes(move)))
      return fail('actions', 'actions');

    setWorking(true);
    try {
      const [answer, browserHash] = await Promise.all([
        api.verify({
          game,
          server_seed: seed,
          client_seed: clientSeed.trim(),
          nonce: round,
          bet: parsedBet,
          actions: moves,
        }),
        sha256Hex(seed),
      ]);
      setResult({ answer, browserHash });
    } catch (error) {
      if (error instanceof StudioError && error.kind === 'invalid') {
        const field = error.field ?? 'bet';
        const keys: Record<string, string> = {
          game: 'game',
          server_seed: 'serverSeed',
          client_seed: 'clientSeed',
          nonce: 'nonce',
          action: 'actions',
        };
        fail(keys[field] ? field : 'bet', keys[field] ?? 'bet');
      } else {
        fail('form', 'network');
      }
    } finally {
      setWorking(false);
    }
  };

  const fieldProblem = (field: string) =>
    problem?.field === field ? (
      <span className="field__problem" id={`${id}-${field}-problem`} role="alert">
        {problem.message}
      </span>
    ) : null;
  const invalid = (field: string) =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-problem` } : {};

  return (
    <section className="content-page pf">
      <h1>{t('provablyFair.title')}</h1>
      <p className="content-page__lead">{t('provablyFair.lead')}</p>

      <div className="pf__columns">
        <div className="pf__explain">
          <h2>{t('provablyFair.howTitle')}</h2>
          <ol className="pf__steps">
            <li>{t('provablyFair.how.commit')}</li>
            <li>{t('provablyFair.how.stream')}</li>
            <li>{t('provablyFair.how.numbers')}</li>
            <li>{t('provablyFair.how.nonce')}</li>
            <li>{t('provablyFair.how.reveal')}</li>
          </ol>
          <h2>{t('provablyFair.drawsTitle')}</h2>
          <ul className="pf__draws">
            <li>{t('provablyFair.draws.videoSlot')}</li>
            <li>{t('provablyFair.draws.classicSlot')}</li>
            <li>{t('provablyFair.draws.roulette')}</li>
            <li>{t('provablyFair.draws.blackjack')}</li>
            <li>{t('provablyFair.draws.dice')}</li>
          </ul>
          <h2>{t('provablyFair.toolsTitle')}</h2>
          <p>{t('provablyFair.tools')}</p>
          <pre className="pf__code">
            <code>
              {
                "printf %s 'CLIENT_SEED:NONCE:0' | openssl dgst -sha256 -hmac SERVER_SEED\nprintf %s SERVER_SEED | sha256sum"
              }
            </code>
          </pre>
        </div>

        <form ref={form} className="pf__form card" onSubmit={submit} noValidate>
          <h2>{t('provablyFair.form.title')}</h2>
          <div className="field">
            <label htmlFor={`${id}-game`}>{t('provablyFair.form.game')}</label>
            <select
              id={`${id}-game`}
              value={game}
              onChange={(event) => setGame(event.target.value)}
              {...invalid('game')}
            >
              <option value="">{t('provablyFair.form.gameChoose')}</option>
              {games.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
            {fieldProblem('game')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-server`}>{t('provablyFair.form.serverSeed')}</label>
            <input
              id={`${id}-server`}
              className="pf__mono"
              value={serverSeed}
              onChange={(event) => setServerSeed(event.target.value)}
              spellCheck={false}
              autoComplete="off"
              maxLength={80}
              {...invalid('server_seed')}
            />
            <span className="pf__help">{t('provablyFair.form.serverSeedHelp')}</span>
            {fieldProblem('server_seed')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-client`}>{t('provablyFair.form.clientSeed')}</label>
            <input
              id={`${id}-client`}
              className="pf__mono"
              value={clientSeed}
              onChange={(event) => setClientSeed(event.target.value)}
              spellCheck={false}
              autoComplete="off"
              maxLength={64}
              {...invalid('client_seed')}
            />
            {fieldProblem('client_seed')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-nonce`}>{t('provablyFair.form.nonce')}</label>
            <input
              id={`${id}-nonce`}
              inputMode="numeric"
              value={nonce}
              onChange={(event) => setNonce(event.target.value)}
              {...invalid('nonce')}
            />
            <span className="pf__help">{t('provablyFair.form.nonceHelp')}</span>
            {fieldProblem('nonce')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-bet`}>{t('provablyFair.form.bet')}</label>
            <textarea
              id={`${id}-bet`}
              className="pf__mono"
              rows={3}
              value={bet}
              placeholder={example}
              onChange={(event) => setBet(event.target.value)}
              spellCheck={false}
              {...invalid('bet')}
            />
            {example ? (
              <span className="pf__help">
                {t('provablyFair.form.betHelp', { example })}{' '}
                <button type="button" className="pf__link" onClick={() => setBet(example)}>
                  {t('provablyFair.form.example')}
                </button>
              </span>
            ) : null}
            {fieldProblem('bet')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-actions`}>{t('provablyFair.form.actions')}</label>
            <input
              id={`${id}-actions`}
              value={actions}
              onChange={(event) => setActions(event.target.value)}
              spellCheck={false}
              autoComplete="off"
              placeholder="hit, stand"
              {...invalid('actions')}
            />
            <span className="pf__help">{t('provablyFair.form.actionsHelp')}</span>
            {fieldProblem('actions')}
          </div>
          {fieldProblem('form')}
          <button type="submit" className="button button--primary" disabled={working}>
            {working ? t('provablyFair.form.working') : t('provablyFair.form.submit')}
          </button>
        </form>
      </div>

      {result ? (
        <section className="pf__result card" aria-live="polite">
          <h2>{t('provablyFair.result.title')}</h2>
          <dl className="pf__facts">
            <dt>{t('provablyFair.result.hashServer')}</dt>
            <dd className="pf__mono">{result.answer.server_seed_hash}</dd>
            <dt>{t('provablyFair.result.hashBrowser')}</dt>
            <dd className="pf__mono">{result.browserHash}</dd>
          </dl>
          <p
            className={
              result.browserHash === result.answer.server_seed_hash ? 'notice notice--success' : 'notice'
            }
          >
            {result.browserHash === result.answer.server_seed_hash
              ? t('provablyFair.result.hashesAgree')
              : t('provablyFair.result.hashesDiffer')}
          </p>
          <p>
            {result.answer.finished ? t('provablyFair.result.finished') : t('provablyFair.result.unfinished')}
          </p>
          {expectedPayout !== null && result.answer.payout !== null ? (
            <p
              className={result.answer.payout === expectedPayout ? 'notice notice--success' : 'notice'}
              data-verdict={result.answer.payout === expectedPayout ? 'same' : 'different'}
            >
              {result.answer.payout === expectedPayout
                ? t('provablyFair.result.payoutSame', { amount: minor(expectedPayout) })
                : t('provablyFair.result.payoutDiffers', {
                    amount: minor(result.answer.payout),
                    expected: minor(expectedPayout),
                  })}
            </p>
          ) : null}
          <h3>{t('provablyFair.result.outcome')}</h3>
          <OutcomeSummary view={result.answer.view} t={gameT} money={minor} />
          <details className="pf__raw">
            <summary>{t('provablyFair.result.raw')}</summary>
            <pre>{JSON.stringify(result.answer.view, null, 2)}</pre>
          </details>
        </section>
      ) : null}
    </section>
  );
}
