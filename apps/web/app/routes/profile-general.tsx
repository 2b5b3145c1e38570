import { appContext } from '#app-context';
import { loadProfile, saveProfile } from '../features/account/account-forms.server';
import { ProfileForm } from '../features/account/ProfileForm';
import { pageMeta } from '../features/content/meta';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/profile-general';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-general', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** The player's details as saved, so the form arrives filled in; a visitor gets none (the layout asks to sign in). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadProfile(context.get(appContext));
}

/** The form posted (by a fetcher, or as a plain form without JavaScript): saved as the signed-in player. */
export async function action({ request, context }: Route.ActionArgs) {
  return saveProfile(request, context);
}

/** Spec §2 /profile/general: the player's personal details and offers they want to receive. */
export default function ProfileGeneralPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile, minimumAge } = loaderData;
  return (
    <div className="profile__panel">
      <h2>{t('profile.general.title')}</h2>
      <p className="profile__lead">{t('profile.general.lead')}</p>
      {profile ? (
        <ProfileForm key={profile.id} profile={profile} minimumAge={minimumAge} posted={actionData} />
      ) : null}
    </div>
  );
}
