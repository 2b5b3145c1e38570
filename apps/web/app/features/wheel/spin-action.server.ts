import { randomBytes } from 'node:crypto';
import type { WheelSpin } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { data } from 'react-router';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context';
import { refusedStatus, textField } from '../../lib/form-action.server';

/** A key that names one spin: posted again (a retry after a lost answer), it answers the same spin. */
export const newSpinKey = () => randomBytes(16).toString('base64url');

/**
 * The answer of /wheel-of-fortune's action, for the spinner's fetcher (on the page or in the wheel's
 * modal over any page) or the page rendered with it (without JavaScript): the spin, or why not with the
 * key the next try takes (a refused key stays refused; a lost answer keeps its key, so the retry is the
 * same spin). `field`: a client seed the draw cannot take.
 */
export type SpinResult =
  | { ok: true; spin: WheelSpin }
  | { ok: false; refusal: { ok: false; status: number; body: unknown } | null; field?: 'seed'; key: string };

const posted = z.object({
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  client_seed: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,64}$/)
    .optional(),
});

/**
 * Spends the signed-in player's spin of the day (issue 18) through the in-process API as the session's
 * player (decision 9), under the posted key as its Idempotency-Key.
 */
export async function spinAction(app: AppContext, form: FormData) {
  const seed = textField(form, 'client_seed');
  const fields = posted.safeParse({
    idempotency_key: form.get('idempotency_key'),
    ...(seed ? { client_seed: seed } : {}),
  });
  if (!fields.success) {
    return data({ ok: false, refusal: null, field: 'seed', key: newSpinKey() } satisfies SpinResult, {
      status: 422,
    });
  }
  const { idempotency_key: key, client_seed } = fields.data;
  const answer = await app
    .api(endpoints.wheel.spin, {
      body: client_seed ? { client_seed } : {},
      headers: { 'idempotency-key': key },
    })
    .catch(() => null);
  if (answer?.ok) return { ok: true, spin: answer.body } satisfies SpinResult;
  const refusal = answer as { ok: false; status: number; body: unknown } | null;
  return data({ ok: false, refusal, key: refusal ? newSpinKey() : key } satisfies SpinResult, {
    status: refusedStatus(refusal),
  });
}
