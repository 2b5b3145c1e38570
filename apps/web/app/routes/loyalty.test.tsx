// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { someCompPoints } from '../testing/panel-fixtures';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer } from '../testing/wallet-fixtures';
import Loyalty from './loyalty';

afterEach(cleanup);

const programme = {
  origin: 'https://casino.example',
  content: {
    title: 'Loyalty programme',
    lead: 'Six levels',
    levels: [
      { name: 'Bronze', points: 0, exchangeRate: '100 points = €1', benefits: [] },
      { name: 'Silver', points: 500, exchangeRate: '90 points = €1', benefits: [] },
    ],
    html: '<p>Earn points</p>',
  },
  vip: null,
};

describe('/loyalty', () => {
  it('shows the programme its loader read', async () => {
    renderRoute({ path: '/loyalty', Component: Loyalty, loaderData: { ...programme, mine: null } });
    expect(await screen.findByRole('heading', { name: 'Loyalty programme' })).toBeTruthy();
    expect(document.querySelector('[data-comp-points]')).toBeNull();
  });

  it("shows a signed-in player's standing its loader read, their level marked, in Greek", async () => {
    renderRoute({
      path: '/el/loyalty',
      locale: 'el',
      Component: Loyalty,
      player: aPlayer({ language: 'el' }),
      loaderData: { ...programme, mine: someCompPoints({ points: 640, collected: 640 }) },
    });
    expect(await screen.findByRole('heading', { name: 'Η θέση σας' }, firstRender)).toBeTruthy();
    expect(document.querySelector('[data-comp-points]')?.getAttribute('data-comp-points')).toBe('640');
    expect(document.querySelector('.loyalty-level--held')?.getAttribute('data-loyalty-level')).toBe('Bronze');
  });
});
