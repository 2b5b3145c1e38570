/*
 * What every route action that posts a form to the in-process API shares (decision 40).
 */

/** The posted form; a body that is no form (JSON, garbage) reads as an empty one, so its fields are refused. */
export const formOf = (request: Request) => request.formData().catch(() => new FormData());

/**
 * The refusal's status: the API's own (401 signed out, 422 a rule, 429 too many), 422 for fields the
 * form's schema refused (no answer asked for), 503 when the API gave no usable answer. Never a 500:
 * nothing broke on the page.
 */
export const refusedStatus = (answer: { status: number } | null | undefined) =>
  answer === undefined ? 422 : answer && answer.status >= 400 && answer.status < 500 ? answer.status : 503;
