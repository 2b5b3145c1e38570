import type { AbAnswer, UtmParameters } from '@chrysos/contract';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    experiments: Experiments;
  }
}

/**
 * What other modules may use of A/B tests: the only file they import from it. Pages and /v2/ab answer
 * from the same sticky assignment (docs/decisions/0043), so a page shows the right variant on its first
 * paint and the client asking /v2/ab afterwards is told the same.
 */
export interface Experiments {
  /**
   * /v2/ab's answer for the request's subject: their variation's path and key, assigning (and recording
   * the exposure, with `utm`) on first ask; the control for a request without a subject. Null when no
   * running experiment has the id.
   */
  answerFor(request: FastifyRequest, testId: string, utm: UtmParameters): Promise<AbAnswer | null>;
  /**
   * The path of every running experiment's variation for the request's subject, by experiment id, as
   * the content's `ab` rule reads them (`Viewer.abVariants`): assigned as /v2/ab would, the utm_
   * parameters taken from the page's URL. Read once per request.
   */
  variantsOf(request: FastifyRequest): Promise<Readonly<Record<string, string>>>;
}
