export * from './auth.ts';
export * from './content.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './info.ts';
export * from './support.ts';
export * from './wallet.ts';
export * from './wallet-protocol.ts';
