import { endpoints } from '@chrysos/contract/client';
import { useEffect, useRef } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { api } from '../../lib/api';
import { readJson, writeJson } from '../../lib/storage';
import { useModals } from '../../modals/ModalProvider';
import { usePlayer } from '../player/player-session';
import { needsCompletion } from './completion';
import { captureReferral } from './referral-storage';
import { rememberPlayer } from './remembered-player';

/** Set once this device has put the player in the `pwa` group, so it is asked only once. */
export const pwaGroupKey = (playerId: string) => `chrysos.pwa-group.${playerId}`;

/**
 * What the browser does for the player's account on every page (spec §4, §9), with nothing to show:
 * keeps referral tags, keeps who last signed in on the device, opens and closes the CompleteRegistration
 * modal, and puts a player of the installed app in the `pwa` group.
 */
export function AccountEffects({ standalone }: { standalone: boolean }) {
  const { search } = useLocation();
  const player = usePlayer();
  const { open, close } = useModals();
  const { revalidate } = useRevalidator();

  // Marketing tags of any address the visitor lands on or moves to (first touch per tag wins).
  useEffect(() => captureReferral(search), [search]);

  // Who signed in, for the next early login. The player themselves is not kept on the device: the root
  // loader's data arrives with the page's HTML, so there is never a moment a stored copy could fill.
  useEffect(() => {
    if (player) rememberPlayer(player);
  }, [player]);

  // CompleteRegistration opens when a player needs it and closes once they no longer do — once per
  // change, so a player who closes it is not pressed again until the next page load.
  const needs = player ? needsCompletion(player) : false;
  const playerId = player?.id ?? null;
  const previous = useRef<{ playerId: string | null; needs: boolean }>({ playerId: null, needs: false });
  useEffect(() => {
    const before = previous.current;
    if (before.playerId === playerId && before.needs === needs) return;
    previous.current = { playerId, needs };
    if (playerId && needs) open('CompleteRegistration');
    else if (before.needs) close('CompleteRegistration');
  }, [playerId, needs, open, close]);

  // Spec §4 Install as app: the installed app's player joins the `pwa` group, asked once per device.
  const asking = useRef(false);
  const inPwaGroup = player?.statuses.some((status) => status.id === 'pwa') ?? false;
  useEffect(() => {
    if (!standalone || !playerId || asking.current || readJson(pwaGroupKey(playerId))) return;
    if (inPwaGroup) {
      writeJson(pwaGroupKey(playerId), true);
      return;
    }
    asking.current = true;
    api(endpoints.player.addGroups, { body: { groups: { add: ['pwa'] } } })
      .then((response) => {
        if (!response.ok) return;
        writeJson(pwaGroupKey(playerId), true);
        // Content shown to the group (spec §9 visibility) applies from now on.
        return revalidate();
      })
      .catch(() => {
        // Asked again on the next page load.
      })
      .finally(() => {
        asking.current = false;
      });
  }, [standalone, playerId, inPwaGroup, revalidate]);

  return null;
}
