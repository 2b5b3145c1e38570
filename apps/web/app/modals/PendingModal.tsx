import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { useRootData } from '../lib/route-data';
import type { ModalName } from './registry';

/** Account pages a modal stands in for while its own form is not built yet. */
const pageFor: Partial<Record<ModalName, string>> = {
  FillProfileAuth: '/profile/general',
};

/** A modal whose feature arrives with a later capability: it says so and offers the matching page. */
export function PendingModal({ name }: { name: ModalName }) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en';
  const page = pageFor[name];
  return (
    <div className="modal__body">
      <p>{t('modals.pending')}</p>
      {page ? (
        <Link className="button button--primary" to={localizePath(page, locale)}>
          {t(`modals.names.${name}`)}
        </Link>
      ) : null}
    </div>
  );
}
