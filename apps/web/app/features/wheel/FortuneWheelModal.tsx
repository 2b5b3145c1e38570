import { endpoints } from '@chrysos/contract/client';
import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import type { WheelContent, WheelModalContent } from './api';
import { WheelSpinner } from './WheelSpinner';
import '../../styles/wheel.css';

async function firstItem<T>(collection: 'wheelOfFortune' | 'wheelOfFortuneModal', locale: string) {
  const answer = await api(endpoints.content.query, { body: { collection, locale, limit: 1 } as never });
  if (!answer.ok) return null;
  const [item] = answer.body.items as unknown as { data: T; bodyHtml: string | null }[];
  return item ?? null;
}

/**
 * The FortuneWheel modal (spec §2): the modal's words (content wheelOfFortuneModal) over the wheel
 * drawn from the page's sectors, spun in place; a link to the page with the full rules.
 */
export function FortuneWheelModal() {
  const { t, locale } = useTranslation();
  const { close } = useModals();
  const [content, setContent] = useState<{ wheel: WheelContent; modal: WheelModalContent } | null | 'failed'>(
    null,
  );

  useEffect(() => {
    let live = true;
    void Promise.all([
      firstItem<Omit<WheelContent, 'html'>>('wheelOfFortune', locale),
      firstItem<WheelModalContent>('wheelOfFortuneModal', locale),
    ])
      .then(([wheel, modal]) => {
        if (!live) return;
        setContent(
          wheel && modal
            ? { wheel: { ...wheel.data, html: wheel.bodyHtml ?? '' }, modal: modal.data }
            : 'failed',
        );
      })
      .catch(() => live && setContent('failed'));
    return () => {
      live = false;
    };
  }, [locale]);

  if (content === null) {
    return (
      <div className="modal__body modal__loading">
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  }
  if (content === 'failed') {
    return (
      <div className="modal__body">
        <p className="notice" role="alert">
          {t('wheel.loadFailed')}
        </p>
      </div>
    );
  }
  return (
    <div className="modal__body wheel-modal" data-fortune-wheel>
      <WheelSpinner
        content={content.wheel}
        spinText={content.modal.spinText}
        depositText={content.modal.depositText}
        intro={(ready) =>
          // "Your spin is ready" only when it is; otherwise what the wheel is.
          ready ? (
            <div className="wheel__intro">
              <h3>{content.modal.title}</h3>
              <p>{content.modal.text}</p>
            </div>
          ) : (
            <div className="wheel__intro">
              <h3>{content.wheel.title}</h3>
              <p>{content.wheel.lead}</p>
            </div>
          )
        }
      />
      <Link to={localizePath('/wheel-of-fortune', locale)} onClick={() => close('FortuneWheel')}>
        {t('wheel.rulesLink')}
      </Link>
    </div>
  );
}
