import type { ContentData } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import '../../styles/modal-messages.css';

type RegisterModalContent = ContentData<'registerModal'>;

/**
 * The Register modal's side panel from content `registerModal` (spec §3 Site chrome): the first item
 * this visitor may see in the page's language, read through the content query so its visibility
 * settings apply. Nothing shows while it loads or when there is none.
 */
export function RegisterPanel() {
  const { locale } = useTranslation();
  const [content, setContent] = useState<RegisterModalContent | null>(null);
  useEffect(() => {
    let live = true;
    api(endpoints.content.query, { body: { collection: 'registerModal', locale, limit: 1 } })
      .then((answer) => {
        const item = answer.ok ? answer.body.items[0] : undefined;
        if (live) setContent(item ? (item.data as RegisterModalContent) : null);
      })
      .catch((error: unknown) => console.error('the register modal content could not be loaded', error));
    return () => {
      live = false;
    };
  }, [locale]);
  if (!content) return null;
  return (
    <aside className="register-panel" data-register-panel>
      <img src={content.banner} alt="" width={480} height={120} />
      <h3>{content.title}</h3>
      <p>{content.subtitle}</p>
      <ul>
        {content.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
    </aside>
  );
}
