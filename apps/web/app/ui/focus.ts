/**
 * Puts the focus on the first form control in `container` that still needs an answer (an empty text
 * field, a select with no choice), else on its first control; false when it has none.
 */
export function focusFirstField(container: ParentNode): boolean {
  const controls = [
    ...container.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input:not([disabled]):not([type="hidden"]):not([readonly]), select:not([disabled]), textarea:not([disabled])',
    ),
  ];
  const empty = controls.find(
    (control) =>
      !(control instanceof HTMLInputElement && control.type === 'checkbox') && control.value === '',
  );
  const target = empty ?? controls[0];
  target?.focus();
  return target !== undefined;
}

const tabStopSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, summary, [tabindex]';

/** The elements of `container` Tab stops on, in order: shown, not taken out by tabindex="-1". */
function tabStops(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(tabStopSelector)].filter((element) => {
    if (element.tabIndex < 0 || element.closest('[inert]') || element.getClientRects().length === 0) {
      return false;
    }
    // A radio group is one stop: its checked radio, or its first when none is.
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const group = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
        (radio) => radio.name === element.name,
      );
      return element.checked || (!group.some((radio) => radio.checked) && group[0] === element);
    }
    return true;
  });
}

/**
 * Keeps Tab and Shift+Tab inside a modal panel: past its last stop the focus goes to its first, before
 * its first to its last, and a focus found outside comes back in. Without it a keyboard user tabbed
 * out of an open dialog into the page behind it (or the browser's toolbar), which aria-modal promises
 * is not there. Returns whether it moved the focus (the key's own move is then cancelled).
 */
export function keepFocusIn(panel: HTMLElement, event: KeyboardEvent): boolean {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return false;
  const stops = tabStops(panel);
  const first = stops[0];
  const last = stops.at(-1);
  const active = document.activeElement;
  let next: HTMLElement | undefined;
  if (!first || !last) next = panel;
  else if (!panel.contains(active) || active === panel) next = event.shiftKey ? last : first;
  else if (event.shiftKey && active === first) next = last;
  else if (!event.shiftKey && active === last) next = first;
  if (!next) return false;
  event.preventDefault();
  next.focus();
  return true;
}
