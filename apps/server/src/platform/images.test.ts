import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';

describe('image optimiser', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp('pglite');
  });
  afterAll(() => app.closeAll());

  it('resizes and converts a content image by the modifiers in its URL', async () => {
    const response = await app.inject({
      url: '/_ipx/w_320,f_webp,q_70/images/promotions/welcome-package.svg',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toMatch(/max-age=2592000/);
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320 });
  });

  it('crops to a box with fit and fills the background', async () => {
    const response = await app.inject({
      url: '/_ipx/s_200x200,fit_contain,b_15121f,f_png/images/promotions/welcome-package.svg',
    });
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 200, height: 200 });
  });

  it('answers a missing image with 404 and refuses paths outside the public folder', async () => {
    expect((await app.inject({ url: '/_ipx/w_100/images/nope.png' })).statusCode).toBe(404);
    const outside = await app.inject({ url: '/_ipx/w_100/..%2F..%2Fpackage.json' });
    expect(outside.statusCode).toBeGreaterThanOrEqual(400);
    expect(outside.statusCode).toBeLessThan(500);
  });
});
