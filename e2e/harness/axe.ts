import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA as axe-core tags it: each level's own rules (axe tags a rule by the version that added it). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What fails the bar: axe's two highest impacts. */
const blocking = new Set(['serious', 'critical']);

/** One element a serious or critical rule failed on, where it was found. */
export interface Finding {
  rule: string;
  impact: string;
  /** The element's selector, through the frames it is in (`iframe.game-stage__frame >> button`). */
  target: string;
  where: string;
  summary: string;
}

/**
 * Runs axe-core on the page as its documentation says to inject it: `axe.source` evaluated in the
 * top document and in every frame (game iframes included), then `axe.run` from the top document, which
 * asks each frame's copy about its own document and merges the answers. Returns the serious and
 * critical failures; `where` names the route in each.
 */
export async function axeFindings(page: Page, where: string): Promise<Finding[]> {
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    await frame.evaluate(axe.source);
  }
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    wcagTags,
  );
  return results.violations
    .filter((violation) => blocking.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.map((part) => (Array.isArray(part) ? part.join(' ') : part)).join(' >> '),
        where,
        summary: (node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim(),
      })),
    );
}

/** The findings as a failure message lists them: rule, impact, element, route, first reason. */
export const describeFindings = (findings: Finding[]) =>
  findings
    .map((found) => `${found.rule} (${found.impact}) ${found.target} on ${found.where}: ${found.summary}`)
    .join('\n');

/** How many findings each rule has, for a report. */
export const countByRule = (findings: Finding[]) =>
  Object.fromEntries(
    [...new Set(findings.map((found) => found.rule))]
      .sort()
      .map((rule) => [rule, findings.filter((found) => found.rule === rule).length]),
  );
