import { describe, expect, it } from 'vitest';
import { formPost, stubAppContext } from '../testing/app-context-stub';
import { action } from './support';

const message = {
  name: 'Eleni',
  email: 'eleni@example.com',
  subject: 'Withdrawal',
  message: 'When does it arrive?',
};

/** The support page's action at `path` with `fields`, the API answering `answer`. */
async function send(path: string, fields: Record<string, string>, answer: { status: number; body: unknown }) {
  const { context, calls } = stubAppContext({ player: null, answer: () => answer });
  const request = formPost(path, fields);
  const result = (await action({ request, context } as never)) as
    | { ok: true }
    | { data: unknown; init: { status: number } };
  return { result, bodies: calls.map((call) => call.request.body) };
}

describe('the /support action', () => {
  it("sends the message in the page's language: English on /support, Greek on /el/support", async () => {
    const receipt = { status: 201, body: { id: '00000000-0000-4000-8000-000000000001', received: true } };
    const english = await send('/support', message, receipt);
    const greek = await send('/el/support', { ...message, name: 'Νίκος' }, receipt);
    expect(english.result).toEqual({ ok: true });
    expect(english.bodies).toEqual([{ ...message, locale: 'en' }]);
    expect(greek.bodies).toEqual([{ ...message, name: 'Νίκος', locale: 'el' }]);
  });

  it('passes a refusal on with its status and gives back what was typed', async () => {
    const problem = { errors: { email: ['Not an address'] }, codes: { email: ['validation.email'] } };
    const typed = { ...message, email: 'eleni@' };
    const { result } = await send('/support', typed, { status: 422, body: problem });
    expect(result).toMatchObject({
      data: { ok: false, refusal: { status: 422, body: problem }, values: typed },
      init: { status: 422 },
    });
    const limited = await send('/support', message, {
      status: 429,
      body: { errors: { base: ['Too many'] } },
    });
    expect(limited.result).toMatchObject({ init: { status: 429 } });
  });
});
