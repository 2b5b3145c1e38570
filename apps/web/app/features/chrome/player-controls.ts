import type { ComponentType } from 'react';

/**
 * The header's controls for a signed-in player, loaded apart: a visitor's first load does without them.
 * A player's page loads them before it hydrates (entry.client.tsx), and the header then renders them as
 * they are rather than through `lazy`. A lazy part suspends at least once on the client, even when its
 * code is already there, and an update that reached it meanwhile (the player opening search at once)
 * put its empty fallback in its place: the bell and the account menu vanished from the header and came
 * back.
 */
export const playerControls = {
  accountSelector: () => import('../cashier/AccountSelector'),
  notificationBell: () => import('../notifications/NotificationBell'),
  wheelButton: () => import('../wheel/WheelHeaderButton'),
  accountMenu: () => import('../account/AccountMenu'),
};

export interface PlayerControls {
  AccountSelector: ComponentType;
  NotificationBell: ComponentType<{ playerId: string }>;
  WheelHeaderButton: ComponentType<{ playerId: string }>;
  AccountMenu: ComponentType;
}

let loaded: PlayerControls | undefined;

/** Loads them all, for a page whose header the server drew for a player. */
export async function loadPlayerControls(): Promise<void> {
  const [selector, bell, wheel, menu] = await Promise.all([
    playerControls.accountSelector(),
    playerControls.notificationBell(),
    playerControls.wheelButton(),
    playerControls.accountMenu(),
  ]);
  loaded = {
    AccountSelector: selector.AccountSelector,
    NotificationBell: bell.NotificationBell,
    WheelHeaderButton: wheel.WheelHeaderButton,
    AccountMenu: menu.AccountMenu,
  };
}

/**
 * The controls if this page loaded them before hydrating; on the server, and on a page a visitor signed
 * in on, none: the header takes the lazy ones, one kind for the page's whole life.
 */
export const loadedPlayerControls = (): PlayerControls | undefined => loaded;
