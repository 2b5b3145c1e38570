import type { LicenseName } from '@chrysos/contract';
import { createContext } from 'react-router';

/**
 * What the server hands to loaders and middleware for each request. Server and route modules both
 * import this module through `#app-context` / `@chrysos/web/app-context`, so they share one token.
 */
export interface AppContext {
  license: LicenseName;
  clientIp: string;
}

export const appContext = createContext<AppContext>();
