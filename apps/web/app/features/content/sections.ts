/**
 * Pages whose feature is built by a later capability: they render the real frame (layout, header, the
 * title and description from metaTags by `slug`) and say in the visitor's language that it opens soon.
 */
export const sections = {
  'wheel-of-fortune': { slug: 'wheel-of-fortune' },
  tournaments: { slug: 'tournaments' },
  tournament: { slug: 'tournaments' },
} as const;

export type SectionId = keyof typeof sections;
export const isSectionId = (id: string): id is SectionId => id in sections;
