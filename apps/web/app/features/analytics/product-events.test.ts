import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsCall, PreloadBuffer } from './preload-buffer';
import { pageName, track, trackProductEvent } from './product-events';

function recorded() {
  const buffer = new PreloadBuffer();
  const sent: AnalyticsCall[] = [];
  buffer.attach({ send: (call) => sent.push(call) });
  return { buffer, sent };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('product events (spec §7)', () => {
  it("sends header_<page>_reg and click_on_sign_up for the header's sign-up click, named by the page", () => {
    const { buffer, sent } = recorded();
    trackProductEvent('header_sign_up_click', { page: pageName('/el/games/all') }, buffer);
    trackProductEvent('header_sign_up_click', { page: pageName('/') }, buffer);
    expect(sent.map((call) => (call.type === 'track' ? call.event : call.type))).toEqual([
      'header_games_reg',
      'click_on_sign_up',
      'header_home_reg',
      'click_on_sign_up',
    ]);
  });

  it('sends start_support_chat with the form type, except for a post-chat form', () => {
    const { buffer, sent } = recorded();
    trackProductEvent('support_chat_form', { form_type: 'pre_chat' }, buffer);
    trackProductEvent('support_chat_form', { form_type: 'post_chat' }, buffer);
    expect(sent).toEqual([
      { type: 'track', event: 'start_support_chat', properties: { form_type: 'pre_chat' } },
    ]);
  });

  it('names pages by the first part of their path, without the language', () => {
    expect(
      ['/', '/el', '/el/', '/promotions/spring', '/users/sign_in', '/promos/summer-drops'].map(pageName),
    ).toEqual(['home', 'home', 'home', 'promotions', 'users', 'promos']);
  });
});

describe('events the page cannot send (spec §8)', () => {
  it('skips an event without a name or without data, with an error log', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { buffer, sent } = recorded();
    track(undefined, { page: 'home' }, buffer);
    track('click_on_sign_up', undefined, buffer);
    track('', {}, buffer);
    expect(sent).toEqual([]);
    expect(error).toHaveBeenCalledTimes(3);
    expect(error.mock.calls[0]?.[0]).toBe('Analytics event skipped: it has no event or no data');
  });

  it('logs an event type without a tracking key as an error, and sends nothing for it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { buffer, sent } = recorded();
    trackProductEvent('footer_newsletter_click', { page: 'home' }, buffer);
    trackProductEvent('toString', { page: 'home' }, buffer);
    expect(sent).toEqual([]);
    expect(error.mock.calls.map((call) => call[0])).toEqual([
      'Analytics: no tracking key for the event type footer_newsletter_click',
      'Analytics: no tracking key for the event type toString',
    ]);
  });
});
