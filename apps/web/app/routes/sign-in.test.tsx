import { describe, expect, it } from 'vitest';
import { samplePlayer, stubAppContext } from '../testing/app-context-stub';
import { loader } from './sign-in';

/** What the sign-in page's loader answers a request for `path`, as `player` (a visitor when null). */
async function open(path: string, player: ReturnType<typeof samplePlayer> | null) {
  const { context } = stubAppContext({ player, answer: () => ({ status: 500, body: null }) });
  try {
    return await loader({ request: new Request(`https://casino.example${path}`), context } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe('/users/sign_in and /users/sign_up', () => {
  it('shows a visitor the form', async () => {
    expect(await open('/users/sign_in', null)).toBeNull();
    expect(await open('/el/users/sign_up', null)).toBeNull();
  });

  it("sends a signed-in player home from the server, to their page's language", async () => {
    const english = (await open('/users/sign_in', samplePlayer())) as Response;
    expect(english.status).toBe(302);
    expect(english.headers.get('location')).toBe('/');
    // A client-side navigation reads /el/users/sign_up.data: the page's path decides the language.
    const greek = (await open('/el/users/sign_up.data', samplePlayer({ language: 'el' }))) as Response;
    expect(greek.status).toBe(302);
    expect(greek.headers.get('location')).toBe('/el');
  });
});
