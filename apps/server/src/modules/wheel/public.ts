/**
 * What other modules may use of the fortune wheel: the only file they import from it. Nothing yet but
 * the draw, for whoever shows how a spin is verified.
 */
export { drawSector } from './draw.ts';
