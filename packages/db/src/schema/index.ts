/**
 * The casino's tables, one file per capability; callers see them all as `schema` from `@chrysos/db`.
 * The in-house studio keeps its tables to itself (apps/games/src/storage, schema `studio`).
 */

export * from './affiliates.ts';
export * from './analytics.ts';
export * from './auth.ts';
export * from './bonuses.ts';
export * from './cashier.ts';
export * from './compliance-audit.ts';
export * from './compliance-documents.ts';
export * from './compliance-exclusions.ts';
export * from './compliance-limits.ts';
export * from './content.ts';
export * from './events.ts';
export * from './experiments.ts';
export * from './games.ts';
export * from './info.ts';
export * from './jackpot.ts';
export * from './lottery.ts';
export * from './loyalty.ts';
export * from './mail.ts';
export * from './notifications.ts';
export * from './operators.ts';
export * from './platform.ts';
export * from './player.ts';
export * from './realtime.ts';
export * from './risk.ts';
export * from './support.ts';
export * from './tournaments.ts';
export * from './wallet.ts';
export * from './wheel.ts';
export * from './winners.ts';
