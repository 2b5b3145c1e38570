import type { Locale } from '@chrysos/rules';
import el from './el/messages.json';
import en from './en/messages.json';

export type Messages = typeof en;

/** Each page ships only its own locale's messages to the browser, through the root loader. */
export const catalogues: Record<Locale, Messages> = { en, el };
