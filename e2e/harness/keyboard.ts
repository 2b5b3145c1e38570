import type { Locator, Page } from 'playwright-core';

/** Whether the element has the keyboard focus: the focused element of a document that has the focus. */
const isFocused = (target: Locator) =>
  target.evaluate(
    (element) => element.ownerDocument.hasFocus() && element.ownerDocument.activeElement === element,
  );

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through a page,
 * into and out of frames; fails when it is not reached within `most` presses. Once there, the focus
 * must be visible: the element matches :focus-visible and draws an outline or a ring (WCAG 2.4.7).
 * With `within` (an open dialog), every press must leave the focus inside it: a modal keeps it.
 */
export async function tabTo(
  target: Locator,
  options: { back?: boolean; most?: number; within?: Locator } = {},
) {
  const page = target.page();
  const key = options.back ? 'Shift+Tab' : 'Tab';
  const most = options.most ?? 80;
  await target.waitFor();
  for (let pressed = 0; !(await isFocused(target)); pressed++) {
    if (pressed === most) {
      throw new Error(`${key} ×${most} never reached ${target}; the focus is on ${await focused(page)}`);
    }
    await page.keyboard.press(key);
    const { within } = options;
    if (within && !(await within.evaluate((container) => container.contains(document.activeElement)))) {
      throw new Error(`${key} took the focus out of ${within} to ${await focused(page)}`);
    }
  }
  const shown = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    const ring = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return element.matches(':focus-visible') && (ring || style.boxShadow !== 'none');
  });
  if (!shown) throw new Error(`the focus on ${target} is not visible`);
}

/** What has the focus, for a failure message: the innermost focused element of the page's frames. */
export async function focused(page: Page): Promise<string> {
  for (const frame of [...page.frames()].reverse()) {
    const described = await frame
      .evaluate(() => {
        const element = document.activeElement;
        if (!document.hasFocus() || !element || element.tagName === 'IFRAME') return null;
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
        return `<${element.tagName.toLowerCase()} class="${element.className}"> "${name}"`;
      })
      .catch(() => null);
    if (described) return described;
  }
  return 'nothing';
}

/** Types into the focused field, key by key, as a keyboard does. */
export const type = (page: Page, text: string) => page.keyboard.type(text);
