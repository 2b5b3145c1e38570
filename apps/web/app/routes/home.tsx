import { localizePath } from '@chrysos/rules';
import { Link, useRouteLoaderData } from 'react-router';
import { type GameFamily, GameFamilyIcon } from '../components/GameFamilyIcon';
import { pageMeta } from '../content/meta';
import { useTranslation } from '../i18n/i18n';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'home', 'Chrysos Casino');

const strengths = ['fair', 'cashout', 'currencies', 'rewards'] as const;
const gameFamilies: GameFamily[] = ['videoSlots', 'classicSlots', 'roulette', 'blackjack', 'dice'];

export default function Home() {
  const { t } = useTranslation();
  const locale = useRouteLoaderData<typeof rootLoader>('root')?.locale ?? 'en';
  const to = (path: string) => localizePath(path, locale);

  return (
    <>
      <section className="hero">
        <div className="hero__text">
          <p className="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 className="hero__title">{t('home.title')}</h1>
          <p className="hero__lead">{t('home.lead')}</p>
          <div className="hero__actions">
            <Link to={to('/users/sign_up')} className="button button--primary button--large">
              {t('home.ctaPrimary')}
            </Link>
            <Link to={to('/games/all')} className="button button--ghost button--large">
              {t('home.ctaSecondary')}
            </Link>
          </div>
        </div>
        <div className="hero__art" aria-hidden="true">
          <div className="coin coin--1" />
          <div className="coin coin--2" />
          <div className="coin coin--3" />
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <h2 id="why-title">{t('home.why.title')}</h2>
        <ul className="cards">
          {strengths.map((key) => (
            <li key={key} className="card">
              <h3>{t(`home.why.${key}.title`)}</h3>
              <p>{t(`home.why.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="studio-title">
        <h2 id="studio-title">{t('home.studio.title')}</h2>
        <p className="section__lead">{t('home.studio.lead')}</p>
        <ul className="families">
          {gameFamilies.map((key) => (
            <li key={key} className="family">
              <GameFamilyIcon family={key} />
              <h3>{t(`home.studio.${key}.title`)}</h3>
              <p>{t(`home.studio.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section responsible" aria-labelledby="responsible-title">
        <h2 id="responsible-title">{t('home.responsible.title')}</h2>
        <p>{t('home.responsible.text')}</p>
      </section>
    </>
  );
}
