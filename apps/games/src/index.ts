export * from './studio-types.ts';
export { titleById, titles } from './titles.ts';
