import type { ReactNode } from 'react';
import { Form } from 'react-router';

/** What the console says after an action: done (a status) or refused (an alert). */
export function ActionResult({
  result,
}: {
  result: { done: string | null; error: string | null } | undefined;
}) {
  return (
    <>
      {result?.done ? <p role="status">{result.done}</p> : null}
      {result?.error ? (
        <p role="alert" className="backoffice__error">
          {result.error}
        </p>
      ) : null}
    </>
  );
}

/**
 * A queue item's decision: approve, or reject with the reason the audit trail (and, for a document,
 * the player) reads. Both post `id` and `intent` to the page's action; `rejectFields` replaces the
 * free-text `reason` where a queue asks for more (a document's reason code and note).
 */
export function DecisionForms({
  id,
  busy,
  approveDisabled = false,
  reasonLabel = 'Reason to reject',
  rejectFields,
}: {
  id: string;
  busy: boolean;
  approveDisabled?: boolean;
  reasonLabel?: string;
  rejectFields?: ReactNode;
}) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          name="intent"
          value="approve"
          className="button button--primary"
          disabled={busy || approveDisabled}
        >
          Approve
        </button>
      </Form>
      <Form method="post" className="backoffice-reject">
        <input type="hidden" name="id" value={id} />
        {rejectFields ?? (
          <label className="field">
            <span>{reasonLabel}</span>
            <input name="reason" required minLength={3} maxLength={300} />
          </label>
        )}
        <button type="submit" name="intent" value="reject" className="button" disabled={busy}>
          Reject
        </button>
      </Form>
    </>
  );
}
