export * from './date-rule.ts';
export * from './locale.ts';
export * from './money.ts';
export * from './phone.ts';
export * from './redirects.ts';
export * from './referral.ts';
export * from './validation.ts';
export * from './visibility.ts';
