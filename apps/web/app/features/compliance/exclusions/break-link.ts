/**
 * `/profile/limits?break=24h`: the break form opens on that period with its confirmation showing, so the
 * account menu's panic button is one confirmation away from a break.
 */
export const breakParameter = 'break';
