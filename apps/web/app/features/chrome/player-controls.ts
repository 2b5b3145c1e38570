import { type ComponentType, lazy } from 'react';

/**
 * The header's controls for a signed-in player, loaded apart: a visitor's first load does without them.
 * A player's page loads them before it hydrates (entry.client.tsx), and the header then renders them as
 * they are rather than through `lazy`. A lazy part suspends at least once on the client, even when its
 * code is already there, and an update that reached it meanwhile (the player opening search at once)
 * put its empty fallback in its place: the bell and the account menu vanished from the header and came
 * back.
 */
interface PlayerControls {
  AccountSelector: ComponentType;
  NotificationBell: ComponentType<{ playerId: string }>;
  WheelHeaderButton: ComponentType<{ playerId: string }>;
  AccountMenu: ComponentType;
}

type Loaders = { [Name in keyof PlayerControls]: () => Promise<PlayerControls[Name]> };

const loaders: Loaders = {
  AccountSelector: () => import('../cashier/AccountSelector').then((module) => module.AccountSelector),
  NotificationBell: () =>
    import('../notifications/NotificationBell').then((module) => module.NotificationBell),
  WheelHeaderButton: () => import('../wheel/WheelHeaderButton').then((module) => module.WheelHeaderButton),
  AccountMenu: () => import('../account/AccountMenu').then((module) => module.AccountMenu),
};
const names = Object.keys(loaders) as (keyof PlayerControls)[];

const lazyControls = Object.fromEntries(
  names.map((name) => [name, lazy(() => loaders[name]().then((component) => ({ default: component })))]),
) as unknown as PlayerControls;

let loaded: PlayerControls | undefined;

/** Loads them all, for a page whose header the server drew for a player. */
export async function loadPlayerControls(): Promise<void> {
  const components = await Promise.all(names.map((name) => loaders[name]()));
  loaded = Object.fromEntries(names.map((name, at) => [name, components[at]])) as unknown as PlayerControls;
}

/**
 * The controls as this page renders them: as they are if it loaded them before hydrating; lazy on the
 * server and on a page a visitor signed in on. One kind for the page's whole life.
 */
export const playerControls = (): PlayerControls => loaded ?? lazyControls;
