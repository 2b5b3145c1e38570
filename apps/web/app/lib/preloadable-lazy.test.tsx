// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

afterEach(cleanup);

const Balance = ({ amount }: { amount: string }) => <span data-balance>{amount}</span>;

describe('preloadableLazy', () => {
  it('suspends on its first render when nothing loaded it, as React.lazy does', async () => {
    const Lazy = preloadableLazy(async () => Balance);
    const { container } = render(
      <Suspense fallback={<i data-fallback />}>
        <Lazy amount="€5.00" />
      </Suspense>,
    );
    expect(container.querySelector('[data-fallback]')).not.toBeNull();
    await act(async () => {});
    expect(container.querySelector('[data-balance]')?.textContent).toBe('€5.00');
  });

  it('renders in the first pass once preloaded, with no fallback', async () => {
    const Lazy = preloadableLazy(async () => Balance);
    await Lazy.preload();
    const { container } = render(
      <Suspense fallback={<i data-fallback />}>
        <Lazy amount="€7.50" />
      </Suspense>,
    );
    expect(container.querySelector('[data-fallback]')).toBeNull();
    expect(container.querySelector('[data-balance]')?.textContent).toBe('€7.50');
  });
});
