import { dateRuleMatches } from './date-rule.ts';

/** One side (show or hide) of an item's visibility settings (spec §3). */
export interface VisibilityRule {
  /** Player group names. */
  group?: string[] | undefined;
  /** A date rule, see `dateRuleMatches`. */
  date?: string | undefined;
  /** An A/B test id and the variant path this rule is about. */
  ab?: { id: string; path: string } | undefined;
}

export interface VisibilitySettings {
  show?: VisibilityRule | undefined;
  hide?: VisibilityRule | undefined;
}

export interface Viewer {
  /** The player's group names; empty for an anonymous visitor. */
  groups: readonly string[];
  /** The variant path the viewer was assigned in each A/B test, by test id. */
  abVariants: Readonly<Record<string, string>>;
  now: Date;
  /** The operator's time zone, in which date rules are read. */
  timeZone?: string;
}

const hasItems = (list: readonly string[] | undefined): list is readonly string[] =>
  !!list && list.length > 0;
const hasText = (text: string | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/**
 * Spec §5: shown only if the viewer is in at least one show group (when any are given) and in no hide
 * group, the date matches the show rule (if any) and not the hide rule, and the A/B variant matches.
 * Settings that say nothing leave the item visible.
 */
export function isVisible(settings: VisibilitySettings | undefined | null, viewer: Viewer): boolean {
  const show = settings?.show;
  const hide = settings?.hide;
  const inGroup = (groups: readonly string[]) => groups.some((group) => viewer.groups.includes(group));
  const dateMatches = (rule: string) => dateRuleMatches(rule, viewer.now, viewer.timeZone);
  const inVariant = (ab: { id: string; path: string }) => viewer.abVariants[ab.id] === ab.path;

  if (hasItems(show?.group) && !inGroup(show.group)) return false;
  if (hasItems(hide?.group) && inGroup(hide.group)) return false;
  if (hasText(show?.date) && !dateMatches(show.date)) return false;
  if (hasText(hide?.date) && dateMatches(hide.date)) return false;
  if (show?.ab && !inVariant(show.ab)) return false;
  if (hide?.ab && inVariant(hide.ab)) return false;
  return true;
}

/** The items a viewer may see, in their original order. */
export function visibleItems<T extends { visibilitySettings?: VisibilitySettings | undefined | null }>(
  items: readonly T[],
  viewer: Viewer,
): T[] {
  return items.filter((item) => isVisible(item.visibilitySettings, viewer));
}
