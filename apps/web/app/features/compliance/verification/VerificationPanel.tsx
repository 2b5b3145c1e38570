import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { describeProblem, problemsOf } from '../../../lib/api-errors';
import { useTranslation } from '../../../lib/i18n';
import { useWallet } from '../../cashier/WalletProvider';
import { useRealtimeChannel } from '../../realtime/RealtimeProvider';
import { useRouteReload } from '../../realtime/route-reload';
import {
  type DocumentKind,
  documentFileUrl,
  fileProblem,
  type PlayerDocument,
  uploadDocument,
  uploadRules,
  type VerificationStatus,
} from './api';

const kinds: readonly DocumentKind[] = ['identity', 'address', 'payment_method'];
const megabytes = uploadRules.maxBytes / 1024 / 1024;

/**
 * Issue 17 /profile/general/verification (where /documents leads): whether the player is verified,
 * why documents are asked for (the licence's withdrawal threshold, the deposits that reach the AML
 * threshold), an upload per kind of document (drag and drop or a file input, checked here first, the
 * server deciding), and the documents sent with their status and, for a rejection, the KYC team's reason
 * in the player's language with the operator's note, as the route's loader read them (null when they
 * could not be). An upload reads them again, and so does an operator's decision published on the
 * player's `documents_changes` channel: the reason shows without a reload.
 */
export function VerificationPanel({ status }: { status: VerificationStatus | null }) {
  const { t } = useTranslation();
  const reload = useRouteReload();
  useRealtimeChannel('documents_changes', {
    onData: () => void reload(),
    // Decisions published while the channel was away and not recovered: read the page again.
    onLive: (up, stale) => {
      if (up && stale) void reload();
    },
  });

  return (
    <div className="profile__panel verification">
      <h2>{t('verification.title')}</h2>
      <p className="profile__lead">{t('verification.lead')}</p>
      {!status ? (
        <div className="wallet-problem">
          <p className="notice notice--error" role="alert">
            {t('verification.problems.load')}
          </p>
          <button type="button" className="button button--ghost" onClick={() => void reload()}>
            {t('verification.retry')}
          </button>
        </div>
      ) : null}
      {status ? (
        <>
          <VerificationSummary status={status} />
          <div className="verification__kinds">
            {kinds.map((kind) => (
              <DocumentUpload
                key={kind}
                kind={kind}
                needed={status.missing.includes(kind)}
                approved={status.documents.some((d) => d.kind === kind && d.status === 'approved')}
                onUploaded={reload}
              />
            ))}
          </div>
          <DocumentList documents={status.documents} />
        </>
      ) : null}
    </div>
  );
}

function VerificationSummary({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation();
  const wallet = useWallet();
  const euros = (cents: number) => wallet.money(cents, 'EUR');
  return (
    <section className="verification__summary" aria-labelledby="verification-why">
      <p
        className={`notice ${status.verified ? 'notice--success' : ''}`}
        role="status"
        data-testid="verification-state"
      >
        {status.verified ? t('verification.verified') : t('verification.notVerified')}
      </p>
      {status.verified ? null : (
        <>
          <h3 id="verification-why">{t('verification.why.title')}</h3>
          <ul className="verification__reasons">
            {status.withdrawal_thresholds.map((threshold) => (
              <li key={threshold.currency}>
                {t('verification.why.withdrawal', {
                  amount: wallet.money(threshold.amount_cents, threshold.currency),
                })}
              </li>
            ))}
            <li>
              {t('verification.why.deposits', {
                threshold: euros(status.deposits.threshold_euro_cents),
                days: status.deposits.days,
                total: euros(status.deposits.total_euro_cents),
              })}
            </li>
            {status.deposits.blocked ? <li>{t('verification.why.blocked')}</li> : null}
          </ul>
        </>
      )}
      <p className="verification__privacy">{t('verification.why.law')}</p>
    </section>
  );
}

function DocumentUpload({
  kind,
  needed,
  approved,
  onUploaded,
}: {
  kind: DocumentKind;
  needed: boolean;
  approved: boolean;
  onUploaded: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function send(file: File | undefined) {
    if (!file || busy) return;
    setDone(null);
    const local = fileProblem(file);
    if (local) {
      setProblem(t(`verification.problems.${local}`, { name: file.name, megabytes }));
      return;
    }
    setProblem(null);
    setBusy(true);
    const answer = await uploadDocument(kind, file);
    setBusy(false);
    if (!answer) {
      setProblem(t('verification.problems.network'));
      return;
    }
    if (!answer.ok) {
      const [first] = problemsOf(answer);
      setProblem(first ? describeProblem(t, first) : t('verification.problems.failed'));
      return;
    }
    setDone(t('verification.uploaded', { name: answer.body.file_name }));
    await onUploaded();
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    void send(file);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    void send(event.dataTransfer.files[0]);
  };

  return (
    <section
      className={`verification__kind${over ? ' verification__kind--over' : ''}`}
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      data-kind={kind}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <header>
        <h3 id={`${id}-title`}>{t(`verification.kinds.${kind}.title`)}</h3>
        <span
          className={`verification__badge verification__badge--${approved ? 'approved' : needed ? 'needed' : 'optional'}`}
        >
          {approved
            ? t('verification.status.approved')
            : needed
              ? t('verification.needed')
              : t('verification.optional')}
        </span>
      </header>
      <p id={`${id}-hint`}>{t(`verification.kinds.${kind}.hint`)}</p>
      <div className="verification__drop">
        <span>{t('verification.drop')}</span>{' '}
        <label htmlFor={`${id}-file`} className="button button--ghost">
          {t('verification.choose')}
        </label>
        <input
          id={`${id}-file`}
          className="verification__input"
          type="file"
          accept={uploadRules.accept}
          aria-describedby={`${id}-hint ${id}-rules`}
          aria-label={t(`verification.kinds.${kind}.title`)}
          disabled={busy}
          onChange={onChange}
        />
      </div>
      <p id={`${id}-rules`} className="verification__rules">
        {t('verification.rules', { megabytes, pages: uploadRules.maxPdfPages })}
      </p>
      <div aria-live="polite">
        {busy ? <p className="notice">{t('verification.uploading')}</p> : null}
        {problem ? (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        ) : null}
        {done ? <p className="notice notice--success">{done}</p> : null}
      </div>
    </section>
  );
}

function DocumentList({ documents }: { documents: readonly PlayerDocument[] }) {
  const { t, locale } = useTranslation();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', { dateStyle: 'medium' }).format(
      new Date(iso),
    );
  return (
    <section className="verification__documents" aria-labelledby="verification-documents">
      <h3 id="verification-documents">{t('verification.documents')}</h3>
      {documents.length === 0 ? (
        <p>{t('verification.none')}</p>
      ) : (
        <ul>
          {documents.map((document) => (
            <li key={document.id} className="verification__document" data-status={document.status}>
              <div>
                <strong>{t(`verification.kinds.${document.kind}.title`)}</strong>{' '}
                <span className="verification__file">{document.file_name}</span>
                <br />
                <small>{t('verification.uploadedOn', { date: date(document.created_at) })}</small>
              </div>
              <span className={`verification__badge verification__badge--${document.status}`}>
                {t(`verification.status.${document.status}`)}
              </span>
              {document.status === 'rejected' && document.rejection_code ? (
                <div className="verification__reason" data-reason={document.rejection_code}>
                  <p>{t(`verification.rejection.reasons.${document.rejection_code}`)}</p>
                  {document.rejection_note ? (
                    <p>{t('verification.rejection.note', { note: document.rejection_note })}</p>
                  ) : null}
                </div>
              ) : null}
              <a href={documentFileUrl(document.id)} target="_blank" rel="noopener noreferrer">
                {t('verification.open')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
