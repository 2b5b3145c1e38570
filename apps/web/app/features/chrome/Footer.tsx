import { localizePath, minimumAgeFor } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { type ChromeData, useRootData } from '../../lib/route-data';
import { Icon, isIconName } from '../../ui/icons/icons';
import { consentSettingsEvent } from '../analytics/consent';

const isExternal = (url: string) => /^https?:\/\//.test(url);

/** The footer from the `footer` and `footerSeoBlocks` collections. */
export function Footer({ chrome }: { chrome: ChromeData }) {
  const { t } = useTranslation();
  const { footer, locale } = chrome;
  // The age the configured licence allows play from (issue 31 item 19), as the sign-up form asks it.
  const age = minimumAgeFor(useRootData()?.license ?? 'curacao');
  return (
    <footer className="footer">
      {footer ? (
        <>
          <div className="footer__columns">
            {footer.columns.map((column) => (
              <nav key={column.title} aria-label={column.title}>
                <h2>{column.title}</h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.url}>
                      {isExternal(link.url) ? (
                        <a href={link.url} rel="noopener noreferrer" target="_blank">
                          {link.title}
                        </a>
                      ) : (
                        <Link to={localizePath(link.url, locale)}>{link.title}</Link>
                      )}
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          <ul className="footer__payments" aria-label={t('footer.paymentMethods')}>
            {footer.paymentMethods.map((method) => (
              <li key={method.name} title={method.name}>
                {isIconName(method.icon) ? (
                  <Icon name={method.icon} size={28} title={method.name} />
                ) : (
                  method.name
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {chrome.footerSeoBlocks.length > 0 ? (
        <div className="footer__seo">
          {chrome.footerSeoBlocks.map((block) => (
            <section key={block.title}>
              <h2>{block.title}</h2>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server when content is loaded */}
              <div dangerouslySetInnerHTML={{ __html: block.html }} />
            </section>
          ))}
        </div>
      ) : null}
      <div className="footer__legal">
        {footer ? <p>{footer.licence}</p> : null}
        <p className="footer__warning">
          <span className="badge-18" aria-hidden="true">
            {age}+
          </span>
          {footer?.responsibleGaming ?? t('footer.warning', { age })}
        </p>
        <p className="footer__rights">
          {t('footer.rights', { year: new Date().getUTCFullYear() })}{' '}
          <button
            type="button"
            className="footer__cookie-settings"
            onClick={() => window.dispatchEvent(new Event(consentSettingsEvent))}
          >
            {t('consent.settings')}
          </button>
        </p>
      </div>
    </footer>
  );
}
