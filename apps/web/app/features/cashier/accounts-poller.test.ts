import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountsRefreshMs, createPoller } from './accounts-poller.ts';

/** A load whose answers the test hands out one by one. */
function controlledLoad() {
  const pending: ((value: string | null) => void)[] = [];
  const load = vi.fn(
    () =>
      new Promise<string | null>((resolve) => {
        pending.push(resolve);
      }),
  );
  return {
    load,
    answer: async (value: string | null) => {
      pending.shift()?.(value);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('accounts refresh (spec §4: every 10 s for a logged-in player)', () => {
  let visible = true;
  beforeEach(() => {
    vi.useFakeTimers();
    visible = true;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(load: () => Promise<string | null>) {
    const values: string[] = [];
    const poller = createPoller<string>({
      load,
      onValue: (value) => values.push(value),
      isVisible: () => visible,
    });
    return { poller, values };
  }

  it('reads at once, then every 10 s after the last answer', async () => {
    let count = 0;
    const load = vi.fn(async () => `read ${++count}`);
    const { poller, values } = setup(load);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(values).toEqual(['read 1']);

    await vi.advanceTimersByTimeAsync(accountsRefreshMs - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(values).toEqual(['read 1', 'read 2']);
    await vi.advanceTimersByTimeAsync(accountsRefreshMs * 3);
    expect(load).toHaveBeenCalledTimes(5);
    poller.stop();
  });

  it('takes the value the page came with, then reads 10 s later', async () => {
    const load = vi.fn(async () => 'read');
    const { poller, values } = setup(load);
    poller.start('server');
    await vi.advanceTimersByTimeAsync(accountsRefreshMs - 1);
    expect(values).toEqual(['server']);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(values).toEqual(['server', 'read']);
    poller.stop();
  });

  it('never stacks periodic reads on a slow one', async () => {
    const { load, answer } = controlledLoad();
    const { poller, values } = setup(load);
    poller.start();
    await vi.advanceTimersByTimeAsync(accountsRefreshMs * 5);
    expect(load).toHaveBeenCalledTimes(1);
    await answer('slow');
    expect(values).toEqual(['slow']);
    await vi.advanceTimersByTimeAsync(accountsRefreshMs);
    expect(load).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('pauses while the tab is hidden and reads again as soon as it is shown', async () => {
    const load = vi.fn(async () => 'fresh');
    const { poller } = setup(load);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    visible = false;
    poller.visibilityChanged();
    await vi.advanceTimersByTimeAsync(accountsRefreshMs * 6);
    expect(load).toHaveBeenCalledTimes(1);

    visible = true;
    poller.visibilityChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(accountsRefreshMs);
    expect(load).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('starting on a hidden tab waits until it is shown', async () => {
    visible = false;
    const load = vi.fn(async () => 'fresh');
    const { poller } = setup(load);
    poller.start();
    await vi.advanceTimersByTimeAsync(accountsRefreshMs * 2);
    expect(load).not.toHaveBeenCalled();
    visible = true;
    poller.visibilityChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    poller.stop();
  });

  it('reads on focus, but not when it has just read', async () => {
    const load = vi.fn(async () => 'fresh');
    const { poller } = setup(load);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.focused();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(5_000);
    poller.focused();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    // The 10 s count starts again from that read.
    await vi.advanceTimersByTimeAsync(accountsRefreshMs - 1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    poller.stop();
  });

  it('after a switch, deposit or withdrawal, the newest read wins over one already under way', async () => {
    const { load, answer } = controlledLoad();
    const { poller, values } = setup(load);
    poller.start();
    const refreshed = poller.refresh();
    expect(load).toHaveBeenCalledTimes(2);
    await answer('before the switch');
    await answer('after the switch');
    await refreshed;
    expect(values).toEqual(['after the switch']);
    poller.stop();
  });

  it('takes a value it is handed (the answer of a switch) and drops older reads', async () => {
    const { load, answer } = controlledLoad();
    const { poller, values } = setup(load);
    poller.start();
    poller.set('switched');
    await answer('stale');
    expect(values).toEqual(['switched']);
    await vi.advanceTimersByTimeAsync(accountsRefreshMs);
    expect(load).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('keeps the last value when a read fails, and carries on', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 'back';
    });
    const { poller, values } = setup(load);
    poller.start();
    await vi.advanceTimersByTimeAsync(accountsRefreshMs);
    expect(values).toEqual([]);
    fail = false;
    await vi.advanceTimersByTimeAsync(accountsRefreshMs);
    expect(values).toEqual(['back']);
    poller.stop();
  });

  it('does not poll while pushes keep the accounts fresh, and reads at once when they stop', async () => {
    let count = 0;
    const load = vi.fn(async () => `read ${++count}`);
    const { poller, values } = setup(load);
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.setLive(true);
    poller.set('pushed');
    await vi.advanceTimersByTimeAsync(accountsRefreshMs * 5);
    poller.focused();
    visible = false;
    poller.visibilityChanged();
    visible = true;
    poller.visibilityChanged();
    expect(load).toHaveBeenCalledTimes(1);
    // A deposit or a switch still reads at once.
    await poller.refresh();
    expect(load).toHaveBeenCalledTimes(2);

    // The connection dropped: the poll takes over again, at once and then every 10 s.
    poller.setLive(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(accountsRefreshMs);
    expect(values).toEqual(['read 1', 'pushed', 'read 2', 'read 3', 'read 4']);
    poller.stop();
  });

  it('stops for good on sign-out: no more reads, late answers dropped', async () => {
    const { load, answer } = controlledLoad();
    const { poller, values } = setup(load);
    poller.start();
    poller.stop();
    await answer('late');
    await vi.advanceTimersByTimeAsync(accountsRefreshMs * 3);
    poller.focused();
    poller.visibilityChanged();
    await poller.refresh();
    expect(values).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
