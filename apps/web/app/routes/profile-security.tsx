import { ChangePasswordForm } from '../features/account/ChangePasswordForm';
import { pageMeta } from '../features/content/meta';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/profile-security';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-security', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** Spec §2 /profile/general/security (where /users/edit leads): change the password. */
export default function ProfileSecurityPage() {
  const { t } = useTranslation();
  return (
    <div className="profile__panel">
      <h2>{t('profile.security.title')}</h2>
      <p className="profile__lead">{t('password.change.lead')}</p>
      <ChangePasswordForm idPrefix="security" />
    </div>
  );
}
