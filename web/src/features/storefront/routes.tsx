import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Loading, PageState } from '../../components/ui/Feedback';
import { useFilters, useItemPages } from './api';
import { Facets } from './components/Facets';
import { ItemCard } from './components/ItemCard';
import styles from './components/Storefront.module.css';
import { queryFromSearch, type Sort, withParams } from './url-filters';

// Each sort's label is the catalogue's `sort.<value>`.
const SORTS: readonly Sort[] = ['newest', 'price_asc', 'price_desc'];

export function StorefrontPage() {
  const { t } = useTranslation('storefront');
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => queryFromSearch(search), [search]);
  const filters = useFilters();
  const pages = useItemPages(query);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const results = useRef<HTMLElement>(null);
  // Counts filter picks; each one brings its results into view once laid out.
  const [picks, setPicks] = useState(0);
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = search.toString() !== '';
  // Shown on the folded panel's button, so a phone says filters are on.
  const activeFilters =
    (query.category !== undefined ? 1 : 0) +
    (query.tags?.split(',').length ?? 0) +
    (query.condition !== undefined ? 1 : 0) +
    (query.min_price !== undefined || query.max_price !== undefined ? 1 : 0);

  /**
   * A pick in the filters (issue 30 item 8): on a phone the panel folds away, as it
   * would otherwise cover the results; wherever the results then start off-screen
   * (the panel pushed them down, or the page was scrolled), they are scrolled to.
   */
  function afterPick() {
    setFiltersOpen(false);
    setPicks((count) => count + 1);
  }

  useEffect(() => {
    const section = results.current;
    if (picks === 0 || !section) return;
    const top = section.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) section.scrollIntoView({ block: 'start' });
    // The control that had the focus is hidden with the folded panel: the results get it.
    const focused = document.activeElement;
    if (!focused || focused === document.body || !(focused as HTMLElement).offsetParent)
      section.focus({ preventScroll: true });
  }, [picks]);

  function searchText(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setSearch(withParams(search, { q }));
  }

  return (
    <>
      <div className={styles.intro}>
        <h1>{t('intro.title')}</h1>
        <p>{t('intro.body')}</p>
      </div>
      <div className={styles.toolbar}>
        <search className={styles.search}>
          <form className={styles.searchForm} onSubmit={searchText}>
            <label htmlFor="q" className="visually-hidden">
              {t('search.label')}
            </label>
            <input
              id="q"
              name="q"
              type="search"
              placeholder={t('search.label')}
              defaultValue={query.q ?? ''}
              key={query.q ?? ''}
              maxLength={200}
            />
            <Button type="submit">{t('search.submit')}</Button>
          </form>
        </search>
        <label className={styles.sort}>
          {t('sort.label')}
          <select
            value={query.sort ?? 'newest'}
            onChange={(event) =>
              setSearch(
                withParams(search, {
                  sort: event.target.value === 'newest' ? undefined : event.target.value,
                }),
              )
            }
          >
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`sort.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="secondary"
          className={styles.filtersToggle}
          aria-expanded={filtersOpen}
          aria-controls="filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen
            ? t('filters.hide')
            : activeFilters > 0
              ? t('filters.showActive', { count: activeFilters })
              : t('filters.show')}
        </Button>
      </div>
      <div className={styles.layout}>
        {filters.data ? (
          <Facets filters={filters.data} open={filtersOpen} onPick={afterPick} />
        ) : (
          // Laid out as the panel will be (folded away on phones): the list below does
          // not jump when the facets arrive.
          <div className={styles.panelPlaceholder} aria-hidden="true" />
        )}
        <section
          ref={results}
          tabIndex={-1}
          aria-label={t('results.label')}
          className={`${styles.results} ${pages.isPending ? styles.loadingResults : ''}`}
        >
          {filtered && (
            <div className={styles.active}>
              <span>{t('results.filtered')}</span>
              <Link to="/">{t('results.clear')}</Link>
            </div>
          )}
          {pages.isPending ? (
            <Loading label={t('results.loading')} />
          ) : pages.isError ? (
            <PageState
              title={t('results.failed')}
              action={
                <Button variant="secondary" onClick={() => pages.refetch()}>
                  {t('results.retry')}
                </Button>
              }
            >
              <p>{pages.error.message}</p>
            </PageState>
          ) : items.length === 0 ? (
            <PageState
              title={
                !filtered
                  ? t('empty.stockingTitle')
                  : search.get('q')
                    ? t('empty.searchTitle')
                    : t('empty.filtersTitle')
              }
              action={filtered ? <Link to="/">{t('empty.showAll')}</Link> : undefined}
            >
              <p>
                {!filtered
                  ? t('empty.stocking')
                  : search.get('q')
                    ? t('empty.search', { q: search.get('q') })
                    : t('empty.filters')}
              </p>
            </PageState>
          ) : (
            <>
              <ul className={styles.grid}>
                {items.map((item, index) => (
                  <ItemCard key={item.id} item={item} eager={index < 4} />
                ))}
              </ul>
              {pages.hasNextPage && (
                <div className={styles.more}>
                  <Button
                    variant="secondary"
                    onClick={() => pages.fetchNextPage()}
                    disabled={pages.isFetchingNextPage}
                  >
                    {pages.isFetchingNextPage ? t('common:loading') : t('results.more')}
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </>
  );
}
