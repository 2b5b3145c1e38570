import { describe, expect, it } from 'vitest';
import { type ApiCall, formPost, stubAppContext } from '../testing/app-context-stub';
import { eleni, nikos } from '../testing/route-stub';
import { action } from './tournament';

const tournamentId = '00000000-0000-4000-8000-0000000000f1';

/** The tournament page's action for `player` at `frontendIdentifier`, the API answering `confirm`. */
async function join(
  player: typeof eleni,
  frontendIdentifier: string,
  confirm: { status: number; body: unknown } = { status: 200, body: { confirmed: true } },
) {
  const { context, calls } = stubAppContext({
    player,
    answer: (call: ApiCall) =>
      call.method === 'GET'
        ? frontendIdentifier === 'athens-spring-race'
          ? {
              status: 200,
              body: { tournament: { id: tournamentId, frontend_identifier: frontendIdentifier } },
            }
          : { status: 404, body: {} }
        : confirm,
  });
  const request = formPost(`/tournaments/active/${frontendIdentifier}`, {
    id: '00000000-0000-4000-8000-0000000000aa',
  });
  const result = (await action({
    request,
    context,
    params: { state: 'active', frontendIdentifier },
  } as never)) as { ok: boolean } | { data: unknown; init: { status: number } };
  return { result, confirmed: calls.filter((call) => call.method === 'POST').map((call) => call.request) };
}

describe('joining a tournament from its page', () => {
  it('joins the tournament of the address for each player, whatever id the form names', async () => {
    for (const player of [eleni, nikos]) {
      const { result, confirmed } = await join(player, 'athens-spring-race');
      expect(result).toEqual({ ok: true });
      expect(confirmed).toEqual([{ params: { id: tournamentId }, body: { confirmed: true } }]);
    }
  });

  it('answers 404 for a tournament that does not exist, and passes a refusal on with its status', async () => {
    const missing = await join(eleni, 'no-such-race');
    expect(missing.result).toMatchObject({ init: { status: 404 } });
    expect(missing.confirmed).toEqual([]);
    const problem = { errors: { base: ['Finished'] }, codes: { base: ['tournaments.finished'] } };
    const late = await join(nikos, 'athens-spring-race', { status: 422, body: problem });
    expect(late.result).toMatchObject({
      data: { ok: false, refusal: { status: 422, body: problem } },
      init: { status: 422 },
    });
  });
});
