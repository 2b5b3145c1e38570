// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../testing/route-stub';
import Loyalty from './loyalty';

afterEach(cleanup);

describe('/loyalty', () => {
  it('shows the programme its loader read', async () => {
    renderRoute({
      path: '/loyalty',
      Component: Loyalty,
      loaderData: {
        origin: 'https://casino.example',
        content: { title: 'Loyalty programme', lead: 'Six levels', levels: [], html: '<p>Earn points</p>' },
        vip: null,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Loyalty programme' })).toBeTruthy();
  });
});
