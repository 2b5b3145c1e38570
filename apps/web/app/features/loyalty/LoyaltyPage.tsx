import type { CompPoints, ContentData } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { isLoggedIn, usePlayerSession } from '../player/player-session';
import { CompPointsCard } from './CompPointsCard';
import { useCompPointsPushes } from './comp-points-pushes';

export interface LoyaltyContent {
  title: string;
  lead: string;
  levels: ContentData<'loyalty'>['levels'];
  html: string;
}

/**
 * /loyalty: the programme as content/loyalty tells it (six levels, their rates and benefits), the
 * signed-in player's standing as the route's loader read it (kept live by push), and the immediateVip
 * invitation when the player's groups show it.
 */
export function LoyaltyPage({
  content,
  vip,
  mine,
}: {
  content: LoyaltyContent;
  vip: ContentData<'immediateVip'> | null;
  /** The signed-in player's comp points; null for a visitor or when they could not be read. */
  mine: CompPoints | null;
}) {
  const { t, locale } = useTranslation();
  const session = usePlayerSession();
  const signedIn = isLoggedIn(session);
  useCompPointsPushes();
  const held = mine?.level.name ?? null;

  return (
    <section className="content-page loyalty-page" data-loyalty-page>
      <h1>{content.title}</h1>
      <p className="loyalty-page__lead">{content.lead}</p>
      {vip ? (
        <aside className="card loyalty-vip" data-immediate-vip>
          <h2>{vip.title}</h2>
          <p>{vip.lead}</p>
          <ul>
            {vip.benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <Link className="button button--primary" to={localizePath(vip.ctaUrl, locale)}>
            {vip.ctaText}
          </Link>
        </aside>
      ) : null}
      {signedIn && mine ? (
        <div className="loyalty-page__mine">
          <h2>{t('loyalty.page.yours')}</h2>
          <CompPointsCard data={mine} />
          <Link className="button" to={localizePath('/profile/loyalty', locale)}>
            {t('loyalty.page.exchange')}
          </Link>
        </div>
      ) : null}
      {!signedIn && session.status === 'loggedOut' ? (
        <p className="loyalty-page__join">
          <Link className="button button--primary" to={localizePath('/users/sign_up', locale)}>
            {t('loyalty.page.join')}
          </Link>
        </p>
      ) : null}
      <ol className="loyalty-levels">
        {content.levels.map((level) => (
          <li
            key={level.name}
            className={`card loyalty-level${held === level.name ? ' loyalty-level--held' : ''}`}
            data-loyalty-level={level.name}
          >
            <h3>{level.name}</h3>
            <p>
              {t('loyalty.page.needs', {
                points: level.points.toLocaleString(locale === 'el' ? 'el-GR' : 'en-GB'),
              })}
            </p>
            <p>{level.exchangeRate}</p>
            <ul>
              {level.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server when content is loaded */}
      <div className="prose loyalty-page__body" dangerouslySetInnerHTML={{ __html: content.html }} />
    </section>
  );
}
