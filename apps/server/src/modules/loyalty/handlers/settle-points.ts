import { defineHandler } from '../../../platform/events.ts';
import { settleDepsOf, settlePoints } from '../settle.ts';

/** An award or an exchange of points: the level follows and the new points are pushed. */
export const settlePointsOnChange = defineHandler({
  name: 'loyalty.settle',
  follows: ['loyalty.points_changed'],
  handle: (app) => {
    const deps = settleDepsOf(app);
    return (event, context) =>
      settlePoints(context, deps, [event.payload.playerId], app.clock.now(), event.id);
  },
});
