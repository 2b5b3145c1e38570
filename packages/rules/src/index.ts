export * from './date-rule.ts';
export * from './locale.ts';
export * from './redirects.ts';
export * from './visibility.ts';
