import type { LicenseName } from '@chrysos/contract';
import { useTranslation } from 'react-i18next';
import { Logo } from './Logo';

export function Footer({ license }: { license: LicenseName }) {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <Logo />
      <p>{t('footer.licence', { jurisdiction: t(`footer.jurisdiction.${license}`) })}</p>
      <p className="footer__warning">
        <span className="badge-18" aria-hidden="true">
          18+
        </span>
        {t('footer.warning')}
      </p>
      <p className="footer__rights">{t('footer.rights', { year: new Date().getUTCFullYear() })}</p>
    </footer>
  );
}
