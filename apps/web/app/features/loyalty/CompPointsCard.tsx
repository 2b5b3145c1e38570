import type { CompPoints } from '@chrysos/contract';
import { useTranslation } from '../../lib/i18n';
import { showPoints } from './money';

/** The player's points, level and the way to the next level: the profile tab's and the loyalty page's head. */
export function CompPointsCard({ data }: { data: CompPoints }) {
  const { t, locale } = useTranslation();
  return (
    <div className="card loyalty-card" data-level={data.level.id}>
      <p className="loyalty-card__points">
        <strong data-comp-points={data.points}>{showPoints(data.points, locale)}</strong>{' '}
        {t('loyalty.card.points')}
      </p>
      <p className="loyalty-card__level">{t('loyalty.card.level', { level: data.level.name })}</p>
      <div
        className="loyalty-card__progress"
        role="progressbar"
        aria-label={t('loyalty.card.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={data.progress_percent}
      >
        <span style={{ width: `${data.progress_percent}%` }} />
      </div>
      <p>
        {data.next_level && data.to_next_level !== null
          ? t('loyalty.card.toNext', {
              points: showPoints(data.to_next_level, locale),
              level: data.next_level.name,
            })
          : t('loyalty.card.top')}
      </p>
      <p className="loyalty-card__collected">
        {t('loyalty.card.collected', { points: showPoints(data.collected, locale) })}
      </p>
    </div>
  );
}
