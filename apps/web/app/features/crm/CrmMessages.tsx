import type { ContentData } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { useRef } from 'react';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { isModalName } from '../../modals/registry';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import type { ThankYouData } from './ThankYouModal';

type CrmConfiguration = ContentData<'realtimeCrmConfigure'>;

/** The configured messages in the page's language, by event (content realtimeCrmConfigure). */
async function loadConfiguration(locale: 'en' | 'el'): Promise<Map<string, CrmConfiguration>> {
  const answer = await api(endpoints.content.query, {
    body: { collection: 'realtimeCrmConfigure', locale, limit: 200 },
  });
  if (!answer.ok) throw new Error(`the content query answered ${answer.status}`);
  return new Map(
    answer.body.items.map((item) => {
      const data = item.data as CrmConfiguration;
      return [data.event, data];
    }),
  );
}

/**
 * Realtime CRM messages (content realtimeCrmConfigure, issue 31 item 16): an event the operator's CRM
 * sends the signed-in player (`crm_events`) opens the modal the content configures for it; ThankYou
 * shows the configured title, text and call to action, the other modals (the wheel, the notifications,
 * a prize) are themselves the message. An event the content does not configure shows nothing.
 */
export function CrmMessages() {
  const { locale } = useTranslation();
  const { open } = useModals();
  // Loaded at the first event, again when the page's language changed or the load failed.
  const configuration = useRef<{ locale: string; messages: Promise<Map<string, CrmConfiguration>> } | null>(
    null,
  );

  useRealtimeChannel('crm_events', {
    onData: ({ event }) => {
      if (configuration.current?.locale !== locale) {
        configuration.current = { locale, messages: loadConfiguration(locale) };
      }
      configuration.current.messages
        .then((messages) => {
          const message = messages.get(event);
          if (!message) return;
          if (message.modal === 'ThankYou' || !isModalName(message.modal)) {
            const { title, text, ctaText, ctaUrl } = message;
            open('ThankYou', {
              kind: 'message',
              message: { title, text, ctaText, ctaUrl },
            } satisfies ThankYouData);
            return;
          }
          open(message.modal);
        })
        .catch((error: unknown) => {
          configuration.current = null;
          console.error('the CRM messages could not be loaded', error);
        });
    },
  });
  return null;
}
