/**
 * What other modules may use of tournaments: the only file they import from it. Nothing yet: the
 * tournaments follow play from the wallet's events and answer their own routes.
 */
export {};
