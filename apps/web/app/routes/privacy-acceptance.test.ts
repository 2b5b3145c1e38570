import { describe, expect, it } from 'vitest';
import { formPost, stubAppContext } from '../testing/app-context-stub';
import { eleni, nikos } from '../testing/route-stub';
import { action } from './privacy-acceptance';

const version = '2026-11-01T00:00:00.000Z';
const accepted = {
  current_version: version,
  accepted_version: version,
  accepted_at: version,
  must_accept: false,
};

/** The acceptance action for `player` posting `fields` at `path`, the API answering `answer`. */
async function accept(
  player: typeof eleni,
  fields: Record<string, string>,
  answer = { status: 200, body: accepted },
  path = '/privacy-policy/acceptance',
) {
  const { context, calls } = stubAppContext({ player, answer: () => answer });
  const request = formPost(path, fields);
  const result = (await action({ request, context } as never)) as
    | Response
    | { ok: boolean }
    | { init: { status: number } };
  return { result, bodies: calls.map((call) => call.request.body) };
}

describe('accepting the privacy policy from its notice', () => {
  it('records the version each player read, answering the fetcher where it asked', async () => {
    const english = await accept(eleni, { version, answer: 'here' });
    const greek = await accept(
      nikos,
      { version, answer: 'here' },
      undefined,
      '/el/privacy-policy/acceptance',
    );
    expect(english.result).toEqual({ ok: true });
    expect(greek.result).toEqual({ ok: true });
    expect([...english.bodies, ...greek.bodies]).toEqual([{ version }, { version }]);
  });

  it('sends a form posted without JavaScript back to its page, never to another site', async () => {
    const back = await accept(eleni, { version, back: '/el/games/all?category=slots' });
    const elsewhere = await accept(
      nikos,
      { version, back: '//evil.example/' },
      undefined,
      '/el/privacy-policy/acceptance',
    );
    for (const [{ result }, location] of [
      [back, '/el/games/all?category=slots'],
      [elsewhere, '/el'],
    ] as const) {
      if (!(result instanceof Response)) throw new Error('no redirect');
      expect(result.status).toBe(303);
      expect(result.headers.get('location')).toBe(location);
    }
  });

  it('refuses a version that is no date without asking the API, and says when it was not taken', async () => {
    const unread = await accept(eleni, { version: 'soon', answer: 'here' });
    expect(unread.result).toMatchObject({ init: { status: 422 } });
    expect(unread.bodies).toEqual([]);
    const stale = await accept(
      eleni,
      { version, answer: 'here' },
      { status: 200, body: { ...accepted, must_accept: true } },
    );
    expect(stale.result).toMatchObject({ init: { status: 409 } });
  });
});
