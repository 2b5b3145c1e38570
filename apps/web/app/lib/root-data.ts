import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root';

/**
 * What the root loader hands every page: the locale and its messages, the licence, the mobile app
 * domains, the signed-in player and whether the cashier window is off. Undefined only while the root
 * loader itself has failed (its error page renders without it).
 */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}

export type RootData = NonNullable<ReturnType<typeof useRootData>>;
