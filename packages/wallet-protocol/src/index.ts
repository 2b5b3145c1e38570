export * from './launch.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './round-lookup.ts';
export * from './signing.ts';
