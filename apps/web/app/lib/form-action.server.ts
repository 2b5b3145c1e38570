/*
 * What every route action that posts a form to the in-process API shares (decision 40).
 */

/** The posted form; a body that is no form (JSON, garbage) reads as an empty one, so its fields are refused. */
export const formOf = (request: Request) => request.formData().catch(() => new FormData());

/** A posted field as text, trimmed; empty when it was not posted (or was a file). */
export const textField = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The refusal's status: the API's own (401 signed out, 422 a rule, 429 too many), 422 for fields the
 * form's schema refused (no answer asked for), 503 when the API gave no usable answer. Never a 500:
 * nothing broke on the page.
 */
export const refusedStatus = (answer: { status: number } | null | undefined) =>
  answer === undefined ? 422 : answer && answer.status >= 400 && answer.status < 500 ? answer.status : 503;

/** The API's refusal as the browser's own call would have had it: the page describes it in its language. */
export type Refusal = { ok: false; status: number; body: unknown } | null;
