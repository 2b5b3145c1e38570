import type { TestProject } from 'vitest/node';
import { startProduct } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One running product shared by the browser specs. */
export default async function setup(project: TestProject) {
  // Visitors the CDN places in the US are blocked; /vip is a configured route rule.
  const product = await startProduct({
    env: {
      BLOCKED_COUNTRIES: 'US',
      GEOIP_COUNTRY_HEADER: 'CF-IPCountry',
      ROUTE_RULES: '{"/vip":"/promotions"}',
      // Behind a proxy, as in production: set-up sign-ups come from addresses of their own (harness/players.ts).
      TRUST_PROXY: 'true',
    },
  });
  project.provide('baseUrl', product.url);
  return async () => {
    await product.stop();
  };
}
