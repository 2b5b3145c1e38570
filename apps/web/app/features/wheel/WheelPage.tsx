import { useMemo } from 'react';
import { useRouteReload } from '../realtime/route-reload';
import type { WheelContent, WheelModalContent, WheelState } from './api';
import type { SpinResult } from './spin-action.server';
import { WheelSpinner } from './WheelSpinner';

/**
 * /wheel-of-fortune (content wheelOfFortune): the title and lead, the wheel drawn from the content's
 * sectors with what the visitor can do with it, and the rules.
 */
export function WheelPage({
  content,
  modal,
  personal,
  posted,
}: {
  content: WheelContent;
  modal: WheelModalContent;
  /** The player's wheel as the loader read it, with the next spin's key; null for a visitor. */
  personal: { wheel: WheelState | null; spinKey: string } | null;
  /** The action's answer to a spin posted without JavaScript. */
  posted?: SpinResult | undefined;
}) {
  const reload = useRouteReload();
  const loaded = useMemo(() => (personal ? { data: personal.wheel, reload } : undefined), [personal, reload]);
  return (
    <section className="content-page wheel-page">
      <h1>{content.title}</h1>
      <p className="content-page__lead">{content.lead}</p>
      <WheelSpinner
        content={content}
        spinText={modal.spinText}
        depositText={modal.depositText}
        loaded={loaded}
        spinKey={personal?.spinKey}
        posted={posted}
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server when content is loaded */}
      <div className="prose wheel-page__rules" dangerouslySetInnerHTML={{ __html: content.html }} />
    </section>
  );
}
