import { ProfileForm } from '../features/account/ProfileForm';
import { pageMeta } from '../features/content/meta';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/profile-general';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-general', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** Spec §2 /profile/general: the player's personal details and offers they want to receive. */
export default function ProfileGeneralPage() {
  const { t } = useTranslation();
  return (
    <div className="profile__panel">
      <h2>{t('profile.general.title')}</h2>
      <p className="profile__lead">{t('profile.general.lead')}</p>
      <ProfileForm />
    </div>
  );
}
