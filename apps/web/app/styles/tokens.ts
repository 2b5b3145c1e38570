/** Breakpoints of spec §9, in px; the CSS uses the same numbers in its media queries. */
export const breakpoints = {
  xs: 320,
  '2xs': 425,
  '3xs': 480,
  sm: 575,
  md: 768,
  lg: 992,
  xl: 1280,
  xl2: 1400,
  '2xl': 1536,
  xl3: 1920,
  xl4: 2064,
} as const;
