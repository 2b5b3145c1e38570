export * from './client.ts';
export * as schema from './schema/index.ts';
export { seed } from './seed.ts';
