import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { sectorOf, seedHashOf } from './fairness';

/**
 * /provably-fair's check of a Wheel of Fortune spin, done in the browser: the revealed server seed's
 * SHA-256 (to compare with the hash shown before the spin) and the sector the seeds and nonce give.
 * Filled in from the address when the Prize modal's link opened it.
 */
export function WheelVerifier() {
  const { t } = useTranslation();
  const id = useId();
  const [serverSeed, setServerSeed] = useState('');
  const [clientSeed, setClientSeed] = useState('');
  const [nonce, setNonce] = useState('1');
  const [sectors, setSectors] = useState('12');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ hash: string; sector: number } | null>(null);

  const verify = async (values: {
    serverSeed: string;
    clientSeed: string;
    nonce: string;
    sectors: string;
  }) => {
    setProblem(null);
    setResult(null);
    const seed = values.serverSeed.trim().toLowerCase();
    const round = Number(values.nonce.trim());
    const count = Number(values.sectors.trim());
    if (!/^[0-9a-f]{64}$/.test(seed)) return setProblem(t('provablyFair.errors.serverSeed'));
    if (!/^[\x21-\x7e]{1,64}$/.test(values.clientSeed.trim()))
      return setProblem(t('provablyFair.errors.clientSeed'));
    if (!/^\d+$/.test(values.nonce.trim()) || !Number.isSafeInteger(round))
      return setProblem(t('provablyFair.errors.nonce'));
    if (!Number.isInteger(count) || count < 2 || count > 64)
      return setProblem(t('wheel.verify.sectorsInvalid'));
    const [hash, sector] = await Promise.all([
      seedHashOf(seed),
      sectorOf(seed, values.clientSeed.trim(), round, count),
    ]);
    setResult({ hash, sector });
  };

  // Opened from a spin's Prize modal: its seeds are in the address; check them at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, from the address the page opened with
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const seed = query.get('wheel_seed');
    if (!seed) return;
    const values = {
      serverSeed: seed,
      clientSeed: query.get('wheel_client_seed') ?? '',
      nonce: query.get('wheel_nonce') ?? '1',
      sectors: query.get('wheel_sectors') ?? '12',
    };
    setServerSeed(values.serverSeed);
    setClientSeed(values.clientSeed);
    setNonce(values.nonce);
    setSectors(values.sectors);
    void verify(values);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify({ serverSeed, clientSeed, nonce, sectors });
  };

  return (
    <section className="pf__wheel card" id="wheel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('wheel.verify.title')}</h2>
      <p>{t('wheel.verify.how')}</p>
      <pre className="pf__code">
        <code>
          {
            "printf %s 'CLIENT_SEED:NONCE:wheel' | openssl dgst -sha256 -hmac SERVER_SEED\nprintf %s SERVER_SEED | sha256sum"
          }
        </code>
      </pre>
      <form className="pf__form" onSubmit={submit} noValidate>
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
          />
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
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-nonce`}>{t('provablyFair.form.nonce')}</label>
          <input
            id={`${id}-nonce`}
            inputMode="numeric"
            value={nonce}
            onChange={(event) => setNonce(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-sectors`}>{t('wheel.verify.sectors')}</label>
          <input
            id={`${id}-sectors`}
            inputMode="numeric"
            value={sectors}
            onChange={(event) => setSectors(event.target.value)}
          />
        </div>
        {problem ? (
          <p className="field__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button button--primary">
          {t('wheel.verify.submit')}
        </button>
      </form>
      {result ? (
        <dl className="pf__facts" aria-live="polite" data-wheel-verified={result.sector}>
          <dt>{t('wheel.verify.hash')}</dt>
          <dd className="pf__mono" data-wheel-verified-hash>
            {result.hash}
          </dd>
          <dt>{t('wheel.verify.sector')}</dt>
          <dd data-wheel-verified-sector>{t('wheel.verify.sectorValue', { number: result.sector })}</dd>
        </dl>
      ) : null}
    </section>
  );
}
