import { appContext } from '#app-context';
import { changePassword, loadPasswordAccount } from '../features/account/account-forms.server';
import { ChangePasswordForm } from '../features/account/ChangePasswordForm';
import { pageMeta } from '../features/content/meta';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/profile-security';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-security', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/** Whether the player has a password to change; a visitor gets none (the layout asks to sign in). */
export async function loader({ context }: Route.LoaderArgs) {
  return { account: await loadPasswordAccount(context.get(appContext)) };
}

/** The new password, posted by this tab's form or the ChangePassword modal, for the signed-in player. */
export async function action({ request, context }: Route.ActionArgs) {
  return changePassword(request, context);
}

/** Spec §2 /profile/general/security (where /users/edit leads): change the password. */
export default function ProfileSecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { account } = loaderData;
  return (
    <div className="profile__panel">
      <h2>{t('profile.security.title')}</h2>
      <p className="profile__lead">{t('password.change.lead')}</p>
      {account ? <ChangePasswordForm idPrefix="security" account={account} posted={actionData} /> : null}
    </div>
  );
}
