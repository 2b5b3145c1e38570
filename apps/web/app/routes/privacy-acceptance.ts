import { appContext } from '#app-context';
import { acceptAction } from '../features/compliance/privacy-policy/accept-action.server';
import { formOf } from '../lib/form-action.server';
import type { Route } from './+types/privacy-acceptance';

/**
 * /privacy-policy/acceptance (and under /el): where the privacy notice of every page posts the player's
 * acceptance of the version it showed. No page of its own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return acceptAction(request, context.get(appContext), await formOf(request));
}
