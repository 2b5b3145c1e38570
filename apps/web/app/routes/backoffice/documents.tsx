import type { DocumentRejectionCode, PlayerOverview } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { data, Link, useActionData, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { ActionResult, DecisionForms } from '../../features/backoffice/Decision';
import { when } from '../../features/backoffice/format';
import { refuseUnlessAllowed } from '../../features/backoffice/operator.server';
import { refusalText } from '../../features/backoffice/refusal';
import { useOperator } from '../../features/backoffice/use-operator';
import { formOf, textField } from '../../lib/form-action.server';
import type { Route } from './+types/documents';

const kindNames = { identity: 'Identity', address: 'Proof of address', payment_method: 'Payment method' };

/** The KYC team's reasons as compliance picks them; the player reads each as a sentence in their language. */
const reasonNames: Record<DocumentRejectionCode, string> = {
  blurred: 'Blurred or too dark to read',
  expired: 'Expired',
  cropped: 'Cropped: part of the document is cut off',
  name_mismatch: 'Name does not match the account',
  address_too_old: 'Proof of address older than 3 months',
  wrong_document: 'Wrong kind of document',
  unreadable_file: 'File cannot be opened',
  other: 'Other (explain in the note)',
};
// The codes in the order offered, from the names (browser code takes only types from the contract).
const documentRejectionCodes = Object.keys(reasonNames) as DocumentRejectionCode[];
const isReason = (code: string): code is DocumentRejectionCode =>
  (documentRejectionCodes as readonly string[]).includes(code);

/** Documents waiting for review, oldest first, each with its player's details beside it. */
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const answer = await app.api(endpoints.verificationOperator.documents, { query: { status: 'pending' } });
  refuseUnlessAllowed(answer);
  if (!answer.ok)
    return { documents: [], players: {} as Record<string, PlayerOverview>, error: refusalText(answer) };
  const ids = [...new Set(answer.body.map((document) => document.player_id))];
  const overviews = await Promise.all(
    ids.map((id) => app.api(endpoints.playerOperator.overview, { params: { id } })),
  );
  const players: Record<string, PlayerOverview> = Object.fromEntries(
    overviews.flatMap((overview) => (overview.ok ? [[overview.body.id, overview.body]] : [])),
  );
  return { documents: answer.body, players, error: null };
}

/**
 * Approve a document, or reject it with a reason code and an optional note (the API requires one with
 * `other`), which the player reads on their verification page in their language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await formOf(request);
  const id = textField(form, 'id');
  const app = context.get(appContext);
  const intent = textField(form, 'intent');
  const code = textField(form, 'code');
  const note = textField(form, 'note');
  if (intent === 'reject' && !isReason(code)) {
    return data({ done: null, error: 'Choose the reason the player will read.' }, 422);
  }
  // The API refuses it too, naming only the field: here the operator reads what to do.
  if (intent === 'reject' && code === 'other' && !note) {
    return data({ done: null, error: 'Write a note to the player: Other needs one.' }, 422);
  }
  const answer =
    intent === 'approve'
      ? await app.api(endpoints.verificationOperator.approve, { params: { id } })
      : intent === 'reject'
        ? await app.api(endpoints.verificationOperator.reject, {
            params: { id },
            body: { code: code as DocumentRejectionCode, ...(note ? { note } : {}) },
          })
        : null;
  if (!answer) return data({ done: null, error: 'This action is not known.' }, 422);
  if (!answer.ok) return data({ done: null, error: refusalText(answer) }, answer.status);
  return {
    done:
      answer.body.status === 'approved' ? 'Document approved.' : 'Document rejected; the player is told why.',
    error: null,
  };
}

export default function BackofficeDocuments({ loaderData }: Route.ComponentProps) {
  const { documents, players, error } = loaderData;
  const { can } = useOperator();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const mayReview = can('approve', 'Document');
  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">Documents to review</h1>
      <ActionResult result={result} />
      {error ? (
        <p role="alert" className="backoffice__error">
          {error}
        </p>
      ) : documents.length === 0 ? (
        <p>No document is waiting for review.</p>
      ) : (
        <ul className="backoffice-documents">
          {documents.map((document) => {
            const player = players[document.player_id];
            const file = `/api/operator/documents/${document.id}/file`;
            const label = `${kindNames[document.kind]} of ${player?.email ?? document.player_id}`;
            return (
              <li key={document.id} className="backoffice-document" aria-label={label}>
                <div className="backoffice-document__file">
                  {document.content_type.startsWith('image/') ? (
                    <img src={file} alt={`${kindNames[document.kind]} uploaded by the player`} />
                  ) : null}
                  <a href={file} target="_blank" rel="noreferrer">
                    Open {document.file_name}
                  </a>
                </div>
                <div className="backoffice-document__facts">
                  <h2>{kindNames[document.kind]}</h2>
                  <p className="backoffice__muted">Uploaded {when(document.created_at)}</p>
                  {player ? (
                    <dl className="backoffice-facts">
                      <dt>Player</dt>
                      <dd>
                        <Link to={`/backoffice/players/${player.id}`}>
                          {[player.first_name, player.last_name].filter(Boolean).join(' ') || player.email}
                        </Link>
                      </dd>
                      <dt>Email</dt>
                      <dd>{player.email}</dd>
                      <dt>Date of birth</dt>
                      <dd>{player.date_of_birth ?? '—'}</dd>
                      <dt>Country</dt>
                      <dd>{player.country ?? '—'}</dd>
                      <dt>City</dt>
                      <dd>{player.city ?? '—'}</dd>
                    </dl>
                  ) : null}
                  {mayReview ? (
                    <div className="backoffice-decision">
                      <DecisionForms id={document.id} busy={busy} rejectFields={<RejectionFields />} />
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The reason from the KYC team's list, and a note to the player (needed with Other). */
function RejectionFields() {
  return (
    <>
      <label className="field">
        <span>Reason the player will read</span>
        <select name="code" required defaultValue="">
          <option value="" disabled>
            Choose a reason
          </option>
          {documentRejectionCodes.map((code) => (
            <option key={code} value={code}>
              {reasonNames[code]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Note to the player (required for Other)</span>
        <input name="note" minLength={3} maxLength={300} />
      </label>
    </>
  );
}
