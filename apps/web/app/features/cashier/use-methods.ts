import { useCallback, useEffect, useState } from 'react';
import { fetchMethods, type PaymentMethod } from './api';

export type MethodsState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; methods: PaymentMethod[] };

/** The payment methods and limits for a currency, read when the currency is known (and on retry). */
export function useMethods(currency: string | null): { state: MethodsState; retry: () => void } {
  const [state, setState] = useState<MethodsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!currency) return;
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
  }, [currency, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
