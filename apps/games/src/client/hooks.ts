import { useEffect, useRef, useState } from 'react';

/** Whether the player asked their system for less motion. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * A number that counts up to `target` over `duration` ms (a win meter). It jumps when motion is
 * reduced, and starts again from zero when `target` falls (a new round).
 */
export function useCountUp(target: number, duration: number, reduced: boolean): number {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    if (reduced || target <= from.current || duration <= 0) {
      from.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    const origin = from.current;
    let frame = 0;
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / duration);
      const eased = 1 - (1 - progress) ** 3;
      setShown(Math.round(origin + (target - origin) * eased));
      if (progress < 1) frame = requestAnimationFrame(tick);
      else from.current = target;
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      from.current = target;
    };
  }, [target, duration, reduced]);
  return shown;
}

const interactive =
  'button, a, input, select, textarea, summary, [role="slider"], [role="button"], [contenteditable]';

/**
 * Space and Enter play a round when the focus is not on a control of its own (a focused button
 * keeps its own Space and Enter). Extra single-letter keys can be given (blackjack's H, S, D, P).
 */
export function useGameKeys(keys: Record<string, () => void>, enabled: boolean): void {
  // Keys are named in lower case: `space`, `enter`, `h`.
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target as Element | null;
      if (target?.closest?.('dialog[open]')) return;
      const onControl = Boolean(target?.closest?.(interactive));
      const key = event.key === ' ' ? 'space' : event.key === 'Enter' ? 'enter' : event.key.toLowerCase();
      if ((key === 'space' || key === 'enter') && onControl) return;
      if (key.length === 1 && target?.closest?.('input, textarea, select, [contenteditable]')) return;
      const handler = latest.current[key];
      if (handler) {
        event.preventDefault();
        handler();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/**
 * Milliseconds left until `until` (a `performance.now()` time), read again ten times a second while
 * any are left: the play button's wait for the licence's minimum game cycle.
 */
export function useTimeLeft(until: number): number {
  const [left, setLeft] = useState(() => Math.max(0, until - performance.now()));
  useEffect(() => {
    const read = () => Math.max(0, until - performance.now());
    setLeft(read());
    if (read() === 0) return;
    const timer = window.setInterval(() => {
      const now = read();
      setLeft(now);
      if (now === 0) window.clearInterval(timer);
    }, 100);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}
