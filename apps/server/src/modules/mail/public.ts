/** What other modules may use of mail: the only file they import from it. */
export type { TemplateName } from './templates.ts';
