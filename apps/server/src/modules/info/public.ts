/** What other modules may use of info: the only file they import from it. */
import type { ReferenceData as Reference } from './reference-data.ts';

export { equivalents } from './currency-equivalents.ts';
export { type CurrencyFacts, currenciesFacts, currencyFacts, euroEquivalentIn } from './currency-facts.ts';
export { countryOfClient } from './locate-ip.ts';
export type { ReferenceData } from './reference-data.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    referenceData: Reference;
  }
}
