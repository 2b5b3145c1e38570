/**
 * What other modules may use of loyalty: the only file they import from it. The fortune wheel pays its
 * comp-point prizes with awardCompPoints.
 */
export { awardCompPoints } from './award-comp-points.ts';
