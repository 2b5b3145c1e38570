import { describe, expect, it } from 'vitest';
import { appContext } from '#app-context';
import { stubAppContext } from '../testing/app-context-stub';
import { aPlayer, cardMethod } from '../testing/wallet-fixtures';
import { loader } from './deposit';

const request = (path: string) => new Request(`http://casino.test${path}`);
const answer = (call: { path: string }) =>
  call.path.endsWith('/payments/methods') ? { status: 200, body: [cardMethod] } : { status: 200, body: [] };

describe('/deposit loader', () => {
  it("reads the player's deposit form for the cashier window the page opens", async () => {
    const { context } = stubAppContext({ player: aPlayer(), answer });
    const data = await loader({ request: request('/deposit'), context } as never);
    expect(data?.depositForm).toMatchObject({
      currency: 'EUR',
      methods: { currency: 'EUR', methods: [cardMethod] },
    });
  });

  it('reads nothing for a visitor', async () => {
    const { context, calls } = stubAppContext({ player: null, answer });
    expect(await loader({ request: request('/el/deposit'), context } as never)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends a player of a cashier-disabled country to the wallet page, in the language and with the query', async () => {
    const { context, calls } = stubAppContext({ player: aPlayer(), answer });
    context.get(appContext).cashierDisabled = true;
    // The loader throws the redirect as React Router wants it.
    const thrown = await (async () =>
      loader({ request: request('/el/deposit?bonus=welcome'), context } as never))().catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/el/profile/wallet/deposit?bonus=welcome');
    expect(calls).toEqual([]);
  });
});
