export * from './locale.ts';
