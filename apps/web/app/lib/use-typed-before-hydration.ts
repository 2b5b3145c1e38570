import { useEffect, useRef } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * Keeps what a visitor typed into a server-rendered field before the page's JavaScript took it over: on
 * a slow phone the amount is often typed first, and hydrating a controlled field puts its state (empty)
 * back into it. The field's text is read during the hydrating render, while the document is still the
 * server's with the typing in it, and handed to `onChange` once hydrated. Only while hydrating: a field
 * rendered by a navigation in the page has nothing typed into it yet.
 */
export function useTypedBeforeHydration(id: string, value: string, onChange: (typed: string) => void): void {
  const hydrated = useHydrated();
  const typed = useRef<string | null>(null);
  const read = useRef(false);
  if (!read.current) {
    read.current = true;
    if (!hydrated && typeof document !== 'undefined') {
      const field = document.getElementById(id);
      typed.current = field instanceof HTMLInputElement ? field.value : null;
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydrating render
  useEffect(() => {
    const text = typed.current;
    typed.current = null;
    if (text && text !== value) onChange(text);
  }, []);
}
