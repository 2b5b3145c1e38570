import { describe, expect, it } from 'vitest';
import { type ModalStack, modalFromHash, modalStackReducer } from './modal-stack.ts';

const names = (stack: ModalStack) => stack.map((modal) => modal.name);

describe('modal stack (spec §4)', () => {
  it('opens on top, moves a reopened modal to the top, and closes with its data', () => {
    let stack: ModalStack = [];
    stack = modalStackReducer(stack, { type: 'open', name: 'Menu', loggedIn: false });
    stack = modalStackReducer(stack, {
      type: 'open',
      name: 'Login',
      data: { email: 'a@b.gr' },
      loggedIn: false,
    });
    stack = modalStackReducer(stack, { type: 'open', name: 'SearchGames', loggedIn: false });
    expect(names(stack)).toEqual(['Menu', 'Login', 'SearchGames']);

    stack = modalStackReducer(stack, {
      type: 'open',
      name: 'Login',
      data: { email: 'c@d.gr' },
      loggedIn: false,
    });
    expect(names(stack)).toEqual(['Menu', 'SearchGames', 'Login']);
    expect(stack.at(-1)?.data).toEqual({ email: 'c@d.gr' });

    stack = modalStackReducer(stack, { type: 'close', name: 'Login' });
    expect(names(stack)).toEqual(['Menu', 'SearchGames']);
    stack = modalStackReducer(stack, { type: 'open', name: 'Login', loggedIn: false });
    expect(stack.at(-1)?.data).toBeUndefined();
  });

  it('opens Anon modals only for visitors and Auth modals only for players', () => {
    expect(names(modalStackReducer([], { type: 'open', name: 'LoginAnon', loggedIn: true }))).toEqual([]);
    expect(names(modalStackReducer([], { type: 'open', name: 'LoginAnon', loggedIn: false }))).toEqual([
      'LoginAnon',
    ]);
    expect(names(modalStackReducer([], { type: 'open', name: 'FillProfileAuth', loggedIn: false }))).toEqual(
      [],
    );
    expect(names(modalStackReducer([], { type: 'open', name: 'FillProfileAuth', loggedIn: true }))).toEqual([
      'FillProfileAuth',
    ]);
  });

  it('keeps the account modals (ChangePassword, CompleteRegistration) to signed-in players', () => {
    for (const name of ['ChangePassword', 'CompleteRegistration'] as const) {
      expect(names(modalStackReducer([], { type: 'open', name, loggedIn: false }))).toEqual([]);
      expect(names(modalStackReducer([], { type: 'open', name, loggedIn: true }))).toEqual([name]);
    }
    expect(names(modalStackReducer([], { type: 'open', name: 'ResetPassword', loggedIn: false }))).toEqual([
      'ResetPassword',
    ]);
    const stack: ModalStack = [{ name: 'CompleteRegistration' }, { name: 'ChangePassword' }];
    expect(names(modalStackReducer(stack, { type: 'loginChanged', loggedIn: false }))).toEqual([]);
  });

  it('closes the modals that no longer match when the login state changes', () => {
    const stack: ModalStack = [{ name: 'RegisterAnon' }, { name: 'Menu' }];
    expect(names(modalStackReducer(stack, { type: 'loginChanged', loggedIn: true }))).toEqual(['Menu']);
    const playerStack: ModalStack = [{ name: 'CashierAuth' }, { name: 'Menu' }];
    expect(names(modalStackReducer(playerStack, { type: 'loginChanged', loggedIn: false }))).toEqual([
      'Menu',
    ]);
  });

  it.each([
    ['#Login', false, 'Login'],
    ['#Register', true, 'Register'],
    ['#NoSuchModal', false, null],
    ['#login', false, null],
    ['', false, null],
    ['#cashier', true, 'CashierAuth'],
    ['#open-cashier-deposit', true, 'CashierAuth'],
    ['#cashier', false, 'Login'],
  ])('hash %j (logged in: %s) opens %s', (hash, loggedIn, expected) => {
    expect(modalFromHash(hash, loggedIn)).toBe(expected);
  });
});
