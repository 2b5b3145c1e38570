import { isModalName, type ModalName, modalAllowed } from './registry.ts';

export interface OpenModal {
  name: ModalName;
  data?: unknown;
}

/** The stack of open modals, last on top (spec §4 Modals). Pure, so it is tested without a browser. */
export type ModalStack = readonly OpenModal[];

export type ModalAction =
  | { type: 'open'; name: ModalName; data?: unknown; loggedIn: boolean }
  | { type: 'close'; name: ModalName }
  | { type: 'closeAll' }
  | { type: 'loginChanged'; loggedIn: boolean };

export function modalStackReducer(stack: ModalStack, action: ModalAction): ModalStack {
  switch (action.type) {
    case 'open': {
      if (!modalAllowed(action.name, action.loggedIn)) return stack;
      // Opening an open modal moves it to the top (with the new data).
      return [
        ...stack.filter((modal) => modal.name !== action.name),
        { name: action.name, data: action.data },
      ];
    }
    case 'close':
      // Closing removes the modal and its data.
      return stack.filter((modal) => modal.name !== action.name);
    case 'closeAll':
      return [];
    case 'loginChanged':
      return stack.filter((modal) => modalAllowed(modal.name, action.loggedIn));
  }
}

/**
 * What a URL hash asks for: a known modal's name (`#Register`), the cashier (any hash containing
 * "cashier"), or nothing.
 */
export function modalFromHash(hash: string, loggedIn: boolean): ModalName | null {
  const value = decodeURIComponent(hash.replace(/^#/, ''));
  if (value === '') return null;
  if (/cashier/i.test(value)) return loggedIn ? 'CashierAuth' : 'Login';
  return isModalName(value) ? value : null;
}
