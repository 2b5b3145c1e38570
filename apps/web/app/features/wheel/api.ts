import type { WheelSpin, WheelState } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { api } from '../../lib/api';

export type { WheelSpin, WheelState };

/** GET /player/wheel: null signed out or offline. */
export async function fetchWheel(): Promise<WheelState | null> {
  const answer = await api(endpoints.wheel.state, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}

/** The wheel's content as the page and the modal draw it (content/{en,el}/wheelOfFortune). */
export interface WheelContent {
  title: string;
  lead: string;
  sectors: string[];
  noWinSector: number;
  secretSector: number;
  minDepSpin: number;
  promoCode: string;
  /** The rules (the item's body), as HTML. */
  html: string;
}

/** The FortuneWheel modal's words (content/{en,el}/wheelOfFortuneModal). */
export interface WheelModalContent {
  title: string;
  text: string;
  spinText: string;
  depositText: string;
}

/** The address on /provably-fair that recomputes a spin. */
export function verifyPath(spin: WheelSpin): string {
  const query = new URLSearchParams({
    wheel_seed: spin.server_seed,
    wheel_client_seed: spin.client_seed,
    wheel_nonce: String(spin.nonce),
    wheel_sectors: String(spin.sector_count),
  });
  return `/provably-fair?${query.toString()}#wheel`;
}
