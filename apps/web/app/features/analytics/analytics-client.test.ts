// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnalyticsBrowser } from '@segment/analytics-next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { middlewareNamed, startAnalytics } from './analytics-client';

const page = { locale: 'el', referral: { btag: 'partner-7' } };

/** A stand-in for the settings host that answers as the given status, and what it was asked. */
let settingsHost: Server;
let settingsUrl = '';
const asked: string[] = [];
beforeAll(async () => {
  settingsHost = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    // The settings document is unavailable; anything posted is taken.
    if (request.url?.startsWith('/v1/projects/')) response.writeHead(503, cors).end();
    else response.writeHead(200, cors).end('{"success":true}');
  });
  await new Promise<void>((resolve) => settingsHost.listen(0, '127.0.0.1', resolve));
  settingsUrl = `http://127.0.0.1:${(settingsHost.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => settingsHost.close(() => resolve())));
afterEach(() => {
  vi.restoreAllMocks();
});

/** The real library on inline settings, delivering to the stand-in, each of `middleware` before delivery. */
async function libraryWith(...middleware: Parameters<AnalyticsBrowser['addSourceMiddleware']>[0][]) {
  const analytics = new AnalyticsBrowser();
  for (const fn of middleware) analytics.addSourceMiddleware(fn);
  const apiHost = `${settingsUrl.replace('http://', '')}/v1`;
  await analytics.load(
    {
      writeKey: 'web-key',
      cdnSettings: {
        integrations: { 'Segment.io': { apiKey: 'web-key', apiHost, protocol: 'http' } },
        metrics: { sampleRate: 0 },
      },
    },
    { initialPageview: false, disableClientPersistence: true },
  );
  // Not the AnalyticsBrowser itself: it is a thenable, which an async function's answer would unwrap.
  return { analytics };
}

describe('the analytics library in the page (spec §8)', () => {
  it('throws on a middleware name it does not know', () => {
    expect(() => middlewareNamed('geo-ip', page)).toThrow('Unknown analytics middleware: geo-ip');
    expect(() => middlewareNamed('constructor', page)).toThrow('Unknown analytics middleware: constructor');
  });

  it("adds the page's language and the visitor's referral tags to every event", async () => {
    const seen: unknown[] = [];
    const analytics = await libraryWith(({ payload, next }) => {
      seen.push(payload.obj.context);
      next(payload);
    });
    // The product's middlewares run first, as startAnalytics adds them.
    const wrapped = new AnalyticsBrowser();
    wrapped.addSourceMiddleware(middlewareNamed('page-language', page));
    wrapped.addSourceMiddleware(middlewareNamed('referral-tags', page));
    wrapped.addSourceMiddleware(({ payload, next }) => {
      seen.push(payload.obj.context);
      next(payload);
    });
    await wrapped.load(
      {
        writeKey: 'web-key',
        cdnSettings: { integrations: { 'Segment.io': { apiKey: 'web-key', apiHost: '127.0.0.1:9/v1' } } },
      },
      { initialPageview: false, disableClientPersistence: true },
    );
    await wrapped.track('click_on_sign_up', { page: 'home' });
    expect(seen.at(-1)).toMatchObject({ locale: 'el', referral: { btag: 'partner-7' } });
    void analytics;
  });

  it('cancels an event whose middleware does not call next, with the reason the spec names', async () => {
    const { analytics } = await libraryWith(() => undefined);
    // The call settles with the event's context, which records why it was not delivered.
    const context = await analytics.track('click_on_sign_up', { page: 'home' });
    const cancelled = context.failedDelivery()?.reason;
    expect(cancelled).toMatchObject({
      type: 'middleware_cancellation',
      reason: 'Middleware `next` function skipped',
    });
  });

  it('logs a settings failure and leaves the page without analytics', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const started = await startAnalytics({
      writeKey: 'web-key',
      cdnURL: settingsUrl,
      page,
      middleware: ['page-language'],
    });
    expect(started).toBeNull();
    expect(asked.filter((request) => request.includes('/settings'))).not.toEqual([]);
    expect(warn.mock.calls[0]?.[0]).toBe(
      'Analytics could not load its settings or plugins; the page goes on without it',
    );
  });

  /** A remote plugin (an action destination) as the settings would name it, made by `factory` in the page. */
  async function libraryWithRemote(
    name: string,
    factory: () => unknown,
    middleware?: Parameters<AnalyticsBrowser['addDestinationMiddleware']>[1],
  ) {
    const analytics = new AnalyticsBrowser();
    if (middleware) analytics.addDestinationMiddleware(name, middleware);
    const source = Object.assign(async () => factory(), { pluginName: name });
    const apiHost = `${settingsUrl.replace('http://', '')}/v1`;
    await analytics.load(
      {
        writeKey: 'web-key',
        plugins: [source as never],
        cdnSettings: {
          integrations: { 'Segment.io': { apiKey: 'web-key', apiHost, protocol: 'http' } },
          metrics: { sampleRate: 0 },
          remotePlugins: [
            {
              name,
              creationName: name,
              libraryName: `${name}Loader`,
              url: `${settingsUrl}/plugin.js`,
              settings: {},
            },
          ],
        },
      },
      { initialPageview: false, disableClientPersistence: true },
    );
    return { analytics };
  }
  const destination = (name: string, received: string[]) => ({
    name,
    type: 'destination',
    version: '1.0.0',
    isLoaded: () => true,
    load: async () => undefined,
    track: async (context: { event: { event?: string } }) => {
      received.push(context.event.event ?? '');
      return context;
    },
  });

  it('logs a plugin missing a required function, naming it, and goes on without that plugin', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { analytics } = await libraryWithRemote('Broken Pixel', () => {
      const { version: _version, ...missing } = destination('Broken Pixel', []);
      return missing;
    });
    const failure = warn.mock.calls.find((call) => call[0] === 'Failed to load Remote Plugin')?.[1] as Error;
    expect(failure.message).toBe('Plugin: Broken Pixel missing required function version');
    // The page's events still go: the library runs without the plugin.
    const context = await analytics.track('click_on_sign_up', { page: 'home' });
    expect(context.failedDelivery()).toBeUndefined();
  });

  it('lets a destination middleware drop an event for its destination only', async () => {
    const received: string[] = [];
    const { analytics } = await libraryWithRemote(
      'Partner Pixel',
      () => destination('Partner Pixel', received),
      ({ payload, next }) => next(payload.obj.event === 'click_on_sign_up' ? null : payload),
    );
    await analytics.track('header_home_reg', { page: 'home' });
    await analytics.track('click_on_sign_up', { page: 'home' });
    await vi.waitFor(() => expect(received).toEqual(['header_home_reg']));
  });
});
