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
