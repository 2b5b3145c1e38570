/** What other modules (and app.ts) may use of content: the only file they import from it. */
export { pageContextOf } from './page-context.ts';
export { pageVariantOf } from './page-variant.ts';
