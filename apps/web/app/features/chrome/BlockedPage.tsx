import { useTranslation } from '../../lib/i18n';
import { BrandLogo, type LogoSet } from '../../ui/BrandLogo';

/** Spec §2: the full-screen block for visitors from a blocked country. Deliberately no way home. */
export function BlockedPage({ supportEmail, logo }: { supportEmail: string; logo: LogoSet }) {
  const { t } = useTranslation();
  return (
    <main className="blocked">
      <BrandLogo logo={logo} alt={t('brand')} />
      <img className="blocked__image" src="/images/country-blocked.svg" width={240} height={200} alt="" />
      <h1>{t('errors.blocked.title')}</h1>
      <p>
        {t('errors.blocked.contact')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
    </main>
  );
}
