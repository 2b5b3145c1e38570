// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, redirect, useFetcher } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useRouteReload } from './route-reload';

afterEach(cleanup);

/** A page with a form that leads on (free spins to their game) and a push that reads the page again. */
function Bonuses() {
  const fetcher = useFetcher();
  const reload = useRouteReload();
  return (
    <>
      <fetcher.Form method="post">
        <button type="submit">Play</button>
      </fetcher.Form>
      <button type="button" onClick={() => void reload()}>
        Pushed
      </button>
      <p>{fetcher.state}</p>
    </>
  );
}

function Game() {
  return <h1>The game</h1>;
}

describe('a push read while a form is posting', () => {
  it('waits for the form, so the redirect its action answers still takes the player on', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let loads = 0;
    const Stub = createRoutesStub([
      {
        path: '/bonuses',
        Component: Bonuses,
        loader: () => {
          loads += 1;
          return null;
        },
        action: async () => {
          await answered;
          return redirect('/game');
        },
      },
      { path: '/game', Component: Game },
    ]);
    render(<Stub initialEntries={['/bonuses']} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Play' }));
    await screen.findByText('submitting');
    const before = loads;
    // What a push does while the action runs (its own change published before it answers).
    fireEvent.click(screen.getByRole('button', { name: 'Pushed' }));
    answer();
    expect(await screen.findByRole('heading', { name: 'The game' })).toBeTruthy();
    // Nothing of the page was read while the form was posting: the read waited for it.
    expect(loads).toBe(before);
  });
});
