import type { Bonus, Lootbox } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { localeFromPath, localizePath } from '@chrysos/rules';
import { data, redirect } from 'react-router';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context';
import { type Refusal, refusedStatus } from '../../lib/form-action.server';
import { pageUrl } from '../../lib/request-url';

/** What the bonus tab's forms and buttons ask for. */
export type BonusIntent = 'coupon' | 'activate' | 'cancel' | 'freespins' | 'lootbox';

/**
 * The answer of /profile/bonuses' action, for the fetcher (with JavaScript) or the page rendered with it
 * (without). `id` names the bonus, free spins or lootbox the answer is about; `confirm`: a cancellation
 * posted without its confirmation (without JavaScript), which the page now asks for.
 */
export type BonusesResult =
  | { intent: 'coupon'; ok: true; granted: string[] }
  | { intent: 'activate' | 'cancel'; ok: true; id: string; bonus: Bonus }
  | { intent: 'lootbox'; ok: true; id: string; lootbox: Lootbox }
  | { intent: 'cancel'; ok: false; id: string; confirm: true }
  | { intent: BonusIntent; ok: false; id?: string; refusal: Refusal };

const byId = z.object({ id: z.uuid() });
const coupon = z.object({ coupon_code: z.string().trim().min(1).max(64) });

const refused = (intent: BonusIntent, refusal: Refusal, id?: string) =>
  data({ intent, ok: false, refusal, ...(id ? { id } : {}) } satisfies BonusesResult, {
    status: refusedStatus(refusal),
  });

/** A form the page never sends (no such intent or id, an empty coupon): refused before the API is asked. */
const invalid = (intent: BonusIntent) =>
  data({ intent, ok: false, refusal: null } satisfies BonusesResult, { status: 422 });

/**
 * The action of /profile/bonuses (issue 35: forms submit to their route): redeems a coupon, activates
 * or cancels a bonus (a cancellation once confirmed: `confirmed=yes`), starts free spins (on to their
 * game) or opens a lootbox, through the in-process API as the session's player (decision 9). The
 * page's loaders and the root's wallet run again after it: what changed shows at once.
 */
export async function bonusesAction(request: Request, app: AppContext, form: FormData) {
  const intent = form.get('intent');
  if (intent === 'coupon') {
    const typed = coupon.safeParse({ coupon_code: form.get('coupon_code') });
    if (!typed.success) return invalid(intent);
    const answer = await app.api(endpoints.bonuses.redeemCoupon, { query: typed.data }).catch(() => null);
    if (!answer?.ok) return refused(intent, answer as Refusal);
    const { bonuses, freespins, lootboxes } = answer.body;
    const granted = [...bonuses, ...freespins, ...lootboxes].map((item) => item.title);
    return { intent, ok: true, granted } satisfies BonusesResult;
  }
  if (intent !== 'activate' && intent !== 'cancel' && intent !== 'freespins' && intent !== 'lootbox') {
    return invalid('coupon');
  }
  const target = byId.safeParse({ id: form.get('id') });
  if (!target.success) return invalid(intent);
  const { id } = target.data;
  const params = { params: { id } };
  switch (intent) {
    case 'activate': {
      const answer = await app.api(endpoints.bonuses.activate, params).catch(() => null);
      return answer?.ok
        ? ({ intent, ok: true, id, bonus: answer.body } satisfies BonusesResult)
        : refused(intent, answer as Refusal, id);
    }
    case 'cancel': {
      if (form.get('confirmed') !== 'yes')
        return { intent, ok: false, id, confirm: true } satisfies BonusesResult;
      const answer = await app.api(endpoints.bonuses.cancel, params).catch(() => null);
      return answer?.ok
        ? ({ intent, ok: true, id, bonus: answer.body } satisfies BonusesResult)
        : refused(intent, answer as Refusal, id);
    }
    case 'lootbox': {
      const answer = await app.api(endpoints.lootboxes.open, { ...params, body: {} }).catch(() => null);
      return answer?.ok
        ? ({ intent, ok: true, id, lootbox: answer.body } satisfies BonusesResult)
        : refused(intent, answer as Refusal, id);
    }
    case 'freespins': {
      const answer = await app.api(endpoints.freespins.activate, params).catch(() => null);
      if (!answer?.ok) return refused(intent, answer as Refusal, id);
      // The game page of this site, in the page's language, or the game's own address.
      const url = answer.body.launch_url;
      const local = url.startsWith('/') && !url.startsWith('//');
      return redirect(local ? localizePath(url, localeFromPath(pageUrl(request).pathname)) : url);
    }
  }
}
