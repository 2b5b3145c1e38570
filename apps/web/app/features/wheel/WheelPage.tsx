import type { WheelContent, WheelModalContent } from './api';
import { WheelSpinner } from './WheelSpinner';

/**
 * /wheel-of-fortune (content wheelOfFortune): the title and lead, the wheel drawn from the content's
 * sectors with what the visitor can do with it, and the rules.
 */
export function WheelPage({ content, modal }: { content: WheelContent; modal: WheelModalContent }) {
  return (
    <section className="content-page wheel-page">
      <h1>{content.title}</h1>
      <p className="content-page__lead">{content.lead}</p>
      <WheelSpinner content={content} spinText={modal.spinText} depositText={modal.depositText} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server when content is loaded */}
      <div className="prose wheel-page__rules" dangerouslySetInnerHTML={{ __html: content.html }} />
    </section>
  );
}
