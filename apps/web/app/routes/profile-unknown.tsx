import { localeFromPath, localizePath } from '@chrysos/rules';
import { redirect } from 'react-router';
import { pageUrl } from '../lib/request-url';
import type { Route } from './+types/profile-unknown';

/**
 * Spec §2: /profile/{slug} redirects into the profile area. A section this site does not have (yet)
 * opens the profile's first page, in the same language. Temporary (302): a section still to come
 * will answer at its own address.
 */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(pageUrl(request).pathname);
  throw redirect(localizePath('/profile/general', locale), 302);
}

export default function ProfileUnknown() {
  return null;
}
