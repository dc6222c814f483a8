import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { CashCityDto, ContentPageDto, ContentPageKey, FaqItemDto } from '../../../../common/content';
import { Button } from '../../components/Button';
import { PageLoader } from '../../layout/PageLoader';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useContentPage } from './useContentPage';
import './content.css';

/**
 * A content page from the database: its title, description and body as the server rendered it
 * (common/markdown.ts — raw HTML off, safe links — so setting it as HTML is safe), plus the FAQ's
 * questions, the terms' versions or the cash cities. Loading, error and empty states.
 */
/** `children`: what the page shows after the staff's text (e.g. its buttons). */
export function ContentPage({ pageKey, children }: { pageKey: ContentPageKey; children?: ReactNode }) {
  const { t } = useTranslation();
  const search = useSearch();
  const asked = Number(new URLSearchParams(search).get('version'));
  const version = pageKey === 'terms' && Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const page = useContentPage(pageKey, version);
  useDocumentTitle(page.data?.title ?? t(`pages.${pageKey}.title`));

  if (page.isPending) return <PageLoader />;
  if (page.isError) {
    return (
      <div className="container page">
        <div className="content-page__state" role="alert">
          <p className="content-page__state-title">{t('contentPages.loadError')}</p>
          <p>{page.error.message}</p>
          <Button variant="ghost" color="secondary" onClick={() => void page.refetch()}>
            {t('contentPages.retry')}
          </Button>
        </div>
      </div>
    );
  }
  const data = page.data;
  const empty = !data.html.trim() && !data.faq?.length && !data.cash;
  return (
    <div className="container page content-page" data-testid={`content-${pageKey}`}>
      <header className="page-header">
        <h1 className="page-header__title">{data.title}</h1>
        <p className="page-header__description">{data.description}</p>
        {data.terms && <TermsVersionLine data={data} />}
      </header>
      {empty && <p className="content-page__state">{t('contentPages.empty')}</p>}
      {data.html.trim() && <div className="content-page__body" dangerouslySetInnerHTML={{ __html: data.html }} />}
      {data.cash && <CashCities cities={data.cash} />}
      {data.faq && data.faq.length > 0 && <FaqList items={data.faq} />}
      {data.terms && data.terms.versions.length > 1 && <TermsVersions data={data} />}
      {children}
    </div>
  );
}

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

function TermsVersionLine({ data }: { data: ContentPageDto }) {
  const { t } = useTranslation();
  const date = useDate();
  const terms = data.terms!;
  return (
    <>
      <p className="content-page__version" data-testid="terms-version">
        {t('contentPages.terms.version', { version: terms.version, date: date(terms.publishedAt) })}
        {terms.version === terms.current && ` · ${t('contentPages.terms.current')}`}
      </p>
      {terms.version !== terms.current && (
        <p className="content-page__notice" role="note">
          {t('contentPages.terms.archived', { version: terms.current })} <Link href="/terms">{t('contentPages.terms.toCurrent')}</Link>
        </p>
      )}
    </>
  );
}

function TermsVersions({ data }: { data: ContentPageDto }) {
  const { t } = useTranslation();
  const date = useDate();
  const terms = data.terms!;
  return (
    <nav className="content-page__versions" aria-label={t('contentPages.terms.versions')}>
      <h2>{t('contentPages.terms.versions')}</h2>
      <ul>
        {terms.versions.map((entry) => (
          <li key={entry.version}>
            {entry.version === terms.version ? (
              <span aria-current="page">{t('contentPages.terms.version', { version: entry.version, date: date(entry.publishedAt) })}</span>
            ) : (
              <Link href={entry.version === terms.current ? '/terms' : `/terms?version=${entry.version}`}>
                {t('contentPages.terms.version', { version: entry.version, date: date(entry.publishedAt) })}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FaqList({ items }: { items: FaqItemDto[] }) {
  const { t } = useTranslation();
  return (
    <section className="faq" aria-label={t('contentPages.faqTitle')}>
      {items.map((item) => (
        <details key={item.question} className="faq__item">
          <summary className="faq__question">{item.question}</summary>
          <div className="faq__answer content-page__body" dangerouslySetInnerHTML={{ __html: item.html }} />
        </details>
      ))}
    </section>
  );
}

function CashCities({ cities }: { cities: CashCityDto[] }) {
  const { t } = useTranslation();
  return (
    <section className="content-page__cash" aria-labelledby="cash-cities">
      <h2 id="cash-cities">{t('contentPages.cash.title')}</h2>
      {cities.length === 0 ? (
        <p>{t('contentPages.cash.empty')}</p>
      ) : (
        <ul className="content-page__cities">
          {cities.map((city) => (
            <li key={city.city} className="content-page__city" data-city={city.city}>
              <strong>{city.name}</strong>
              <span>{t('contentPages.cash.currencies', { list: [...new Set(city.currencies.map((entry) => entry.currency))].join(', ') })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
