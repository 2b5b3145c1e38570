import { useCallback, useEffect, useState } from 'react';
import { fetchMethods, type PaymentMethod } from './api';

export type MethodsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; methods: PaymentMethod[] };

/** The methods of one currency as a page's loader read them. */
export interface MethodsFor {
  currency: string;
  methods: PaymentMethod[];
}

/**
 * The payment methods and limits for a currency: those the page's loader read (`known`) when they are
 * of that currency, else read here when the currency is known (and on retry) — the cashier window, or
 * another account chosen since the page loaded.
 */
export function useMethods(
  currency: string | null,
  known: MethodsFor | null = null,
): { state: MethodsState; retry: () => void } {
  const given = known && known.currency === currency ? known.methods : null;
  const [state, setState] = useState<MethodsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!currency || given) return;
    let live = true;
    // Read again on retry, too.
    void attempt;
    setState({ status: 'loading' });
    fetchMethods(currency)
      .catch(() => null)
      .then((methods) => {
        if (live) setState(methods ? { status: 'ready', methods } : { status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [currency, attempt, given]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state: given ? { status: 'ready', methods: given } : state, retry };
}
