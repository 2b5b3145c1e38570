/** The part of oidc-provider (which ships no types) the social sign-in tests use to run a real issuer. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    findAccount?: (context: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
    claims?: Record<string, string[] | null>;
    features?: Record<string, unknown>;
    cookies?: { keys?: string[] };
    [option: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
