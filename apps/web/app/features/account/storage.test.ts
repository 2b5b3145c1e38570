import { describe, expect, it, vi } from 'vitest';
import { createEmailValidator, registrationAllowed } from './email-check';
import {
  captureReferral,
  referralQueryFor,
  referralStorageKey,
  socialSignInHref,
  storedReferral,
} from './referral-storage';
import { forgetRememberedPlayer, rememberedPlayer, rememberPlayer } from './remembered-player';

/** An in-memory Storage, as the browser's localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('referral tags on the device (spec §9)', () => {
  it('keeps the known tags of a landing address and nothing else', () => {
    const storage = memoryStorage();
    captureReferral('?btag=aff-17&utm_source=newsletter&page=2&token=secret', storage);
    expect(storedReferral(storage)).toEqual({ btag: 'aff-17', utm_source: 'newsletter' });
  });

  it('merges later visits tag by tag, keeping the first value of each tag', () => {
    const storage = memoryStorage();
    captureReferral('?btag=first&utm_campaign=spring', storage);
    captureReferral('?btag=second&utm_medium=email', storage);
    captureReferral('', storage);
    expect(storedReferral(storage)).toEqual({ btag: 'first', utm_campaign: 'spring', utm_medium: 'email' });
  });

  it('drops values that could not be a tag, in the address and in storage', () => {
    const storage = memoryStorage();
    captureReferral(`?stag=${encodeURIComponent('<script>')}&qtag=ok`, storage);
    expect(storedReferral(storage)).toEqual({ qtag: 'ok' });
    storage.setItem(
      referralStorageKey,
      JSON.stringify({ btag: 'x'.repeat(500), refer: 'friend', evil: '1' }),
    );
    expect(storedReferral(storage)).toEqual({ refer: 'friend' });
    storage.setItem(referralStorageKey, '{not json');
    expect(storedReferral(storage)).toEqual({});
  });

  it('builds the sign-up query from kept tags and the current address, kept ones first', () => {
    const storage = memoryStorage();
    captureReferral('?btag=first', storage);
    expect(referralQueryFor('?btag=later&sub_id_3=x9', storage)).toBe('?btag=first&sub_id_3=x9');
    expect(referralQueryFor('', memoryStorage())).toBe('');
  });

  it('adds the tags and the language to a social sign-in address', () => {
    expect(socialSignInHref('/users/auth/google', '?btag=aff-17&utm_source=fb', 'el')).toBe(
      '/users/auth/google?btag=aff-17&utm_source=fb&locale=el',
    );
    expect(socialSignInHref('/users/auth/apple?prompt=login', '', 'en')).toBe(
      '/users/auth/apple?prompt=login&locale=en',
    );
  });

  it('works without storage (private browsing, the server)', () => {
    expect(() => captureReferral('?btag=1', null)).not.toThrow();
    expect(storedReferral(null)).toEqual({});
    expect(referralQueryFor('?btag=1', null)).toBe('?btag=1');
  });
});

describe('remembered player for early login (spec §2/§3)', () => {
  it('remembers the email and first name, and forgets them on request', () => {
    const storage = memoryStorage();
    expect(rememberedPlayer(storage)).toBeNull();
    rememberPlayer({ email: 'eleni@example.gr', first_name: 'Eleni' }, storage);
    expect(rememberedPlayer(storage)).toEqual({ email: 'eleni@example.gr', first_name: 'Eleni' });
    rememberPlayer({ email: 'nikos@example.gr', first_name: null }, storage);
    expect(rememberedPlayer(storage)).toEqual({ email: 'nikos@example.gr', first_name: null });
    forgetRememberedPlayer(storage);
    expect(rememberedPlayer(storage)).toBeNull();
  });

  it('keeps nothing else of the player and ignores damaged entries', () => {
    const storage = memoryStorage();
    rememberPlayer(
      { email: 'eleni@example.gr', first_name: '', password: 'never', phone: '+30' } as never,
      storage,
    );
    expect(JSON.parse(storage.getItem('chrysos.remembered-player') ?? '')).toEqual({
      email: 'eleni@example.gr',
      first_name: null,
    });
    storage.setItem('chrysos.remembered-player', JSON.stringify({ first_name: 'Eleni' }));
    expect(rememberedPlayer(storage)).toBeNull();
    rememberPlayer({ email: '', first_name: 'Nobody' }, storage);
    expect(rememberedPlayer(storage)).toBeNull();
  });
});

describe('asynchronous email check (spec §5)', () => {
  it('asks once per address, whatever its case and spaces', async () => {
    const ask = vi.fn(async (address: string) => !address.endsWith('@mailinator.com'));
    const validate = createEmailValidator(ask);
    expect(await validate('Eleni@Example.gr')).toBe(true);
    expect(await validate(' eleni@example.gr ')).toBe(true);
    expect(await validate('spam@mailinator.com')).toBe(false);
    expect(await validate('spam@mailinator.com')).toBe(false);
    expect(ask.mock.calls).toEqual([['eleni@example.gr'], ['spam@mailinator.com']]);
  });

  it('counts a failed check as valid and asks again next time', async () => {
    const ask = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(false);
    const validate = createEmailValidator(ask);
    expect(await validate('nikos@example.gr')).toBe(true);
    expect(await validate('nikos@example.gr')).toBe(false);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('shares one request between checks of the same address in flight', async () => {
    let answer: (valid: boolean) => void = () => {};
    const ask = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const validate = createEmailValidator(ask);
    const first = validate('maria@example.gr');
    const second = validate('maria@example.gr');
    answer(false);
    expect(await Promise.all([first, second])).toEqual([false, false]);
    expect(ask).toHaveBeenCalledOnce();
  });
});

describe('allowed email domains (spec §5)', () => {
  it('lets every address register without a list, and only the listed domains with one', () => {
    expect(registrationAllowed('someone@gmail.com', null)).toBe(true);
    expect(registrationAllowed(' Eleni@Example.GR ', ['example.gr'])).toBe(true);
    expect(registrationAllowed('someone@gmail.com', ['example.gr'])).toBe(false);
    expect(registrationAllowed('someone@mail.example.gr', ['example.gr'])).toBe(false);
    expect(registrationAllowed('someone@example.gr', [])).toBe(false);
  });
});
