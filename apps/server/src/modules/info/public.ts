/** What other modules may use of info: the only file they import from it. */
export { equivalents } from './currency-equivalents.ts';
export { countryOfClient } from './locate-ip.ts';
export type { ReferenceData } from './reference-data.ts';
