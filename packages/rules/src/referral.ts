/** Marketing tags (spec §9) captured from landing URLs, kept, and sent with sign-up and social sign-in. */
export const referralTagNames: readonly string[] = [
  'ctag',
  'btag',
  'stag',
  'qtag',
  'refer',
  'subid',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'b_name',
  ...[1, 2, 3, 4].flatMap((n) => [`key${n}`, `key${n}sid`]),
  ...Array.from({ length: 10 }, (_, i) => `sub_id_${i + 1}`),
  'ref_code',
  'vid',
  'link_id',
];

const tagValue = /^[\w.\-~:@!$*+,;=/ ]{1,200}$/u;

/**
 * The known tags among query parameters; other names and values that could not be a tag (too long,
 * markup) are dropped, so nothing a link carries reaches storage unchecked.
 */
export function pickReferralParams(
  params: URLSearchParams | Record<string, unknown>,
): Record<string, string> {
  const entries = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  const picked: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (referralTagNames.includes(name) && typeof value === 'string' && tagValue.test(value)) {
      picked[name] = value;
    }
  }
  return picked;
}

/** Tags as the query string of a sign-up call or social login URL (spec §7). */
export function referralQuery(params: Record<string, string>): string {
  const query = new URLSearchParams(pickReferralParams(params)).toString();
  return query ? `?${query}` : '';
}
