/**
 * What other modules may use of notifications: the only file they import from it. The bonus engine
 * pushes its bonus and freespin notifications through `queuePlayerPush` in the transaction of the change.
 */
export { queuePlayerPush } from './pushes.ts';
