import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { NoSuchPage } from '../../app/router';
import { Loading, PageState } from '../../components/ui/Feedback';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useShopName } from '../../lib/queries';
import { isPageLanguage, isPageSlug, useLegalPage } from './api';
import styles from './LegalPage.module.css';

/** `/pages/:slug`: the shop's imprint, terms, privacy, withdrawal or shipping page. */
export default function LegalPage() {
  const { t, i18n } = useTranslation('storefront');
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const asked = search.get('language');
  const known = isPageSlug(slug) ? slug : null;
  const page = useLegalPage(known, i18n.language, isPageLanguage(asked) ? asked : null);
  const shopName = useShopName();
  useEffect(() => {
    if (page.data) document.title = `${page.data.title} · ${shopName}`;
  }, [page.data, shopName]);

  if (!known || (page.error instanceof ApiError && page.error.status === 404))
    return <NoSuchPage />;
  if (page.isPending) return <Loading />;
  if (page.isError)
    return (
      <PageState headingLevel={1} title={t('page.failed')}>
        <p>{page.error.message}</p>
      </PageState>
    );
  return (
    // The version may be in another language than the page around it (none written in
    // the visitor's yet, or asked for): said, so a screen reader reads it as it is.
    <article className={styles.page} lang={page.data.language}>
      <h1>{page.data.title}</h1>
      {/* Sanitised by the server (marked, then sanitize-html) when it was saved. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised HTML */}
      <div dangerouslySetInnerHTML={{ __html: page.data.body_html }} />
      <p className={styles.meta}>
        {t('page.version', { version: page.data.version, date: formatDate(page.data.updated_at) })}
      </p>
    </article>
  );
}
