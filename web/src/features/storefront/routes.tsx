import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Loading, PageState } from '../../components/ui/Feedback';
import { useFilters, useItemPages } from './api';
import { Facets } from './components/Facets';
import { ItemCard } from './components/ItemCard';
import styles from './components/Storefront.module.css';
import { queryFromSearch, type Sort, withParams } from './url-filters';

const SORT_LABELS: Record<Sort, string> = {
  newest: 'Newest first',
  price_asc: 'Price, low to high',
  price_desc: 'Price, high to low',
};

export function StorefrontPage() {
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
        <h1>One of a kind, sold once</h1>
        <p>Every piece here exists once. When it is in someone's cart, it waits for them.</p>
      </div>
      <div className={styles.toolbar}>
        <search className={styles.search}>
          <form className={styles.searchForm} onSubmit={searchText}>
            <label htmlFor="q" className="visually-hidden">
              Search the shop
            </label>
            <input
              id="q"
              name="q"
              type="search"
              placeholder="Search the shop"
              defaultValue={query.q ?? ''}
              key={query.q ?? ''}
              maxLength={200}
            />
            <Button type="submit">Search</Button>
          </form>
        </search>
        <label className={styles.sort}>
          Sort
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
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
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
            ? 'Hide filters'
            : activeFilters > 0
              ? `Filters (${activeFilters} on)`
              : 'Filters'}
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
          aria-label="Items"
          className={`${styles.results} ${pages.isPending ? styles.loadingResults : ''}`}
        >
          {filtered && (
            <div className={styles.active}>
              <span>Filtered view.</span>
              <Link to="/">Clear all filters</Link>
            </div>
          )}
          {pages.isPending ? (
            <Loading label="Loading items…" />
          ) : pages.isError ? (
            <PageState
              title="The items could not be loaded"
              action={
                <Button variant="secondary" onClick={() => pages.refetch()}>
                  Try again
                </Button>
              }
            >
              <p>{pages.error.message}</p>
            </PageState>
          ) : items.length === 0 ? (
            <PageState
              title={
                !filtered
                  ? 'The shop is being stocked'
                  : search.get('q')
                    ? 'Nothing matches your search'
                    : 'Nothing matches these filters'
              }
              action={filtered ? <Link to="/">Show everything</Link> : undefined}
            >
              <p>
                {!filtered
                  ? 'New pieces arrive soon. Come back in a little while.'
                  : search.get('q')
                    ? `No piece mentions “${search.get('q')}”. Try a shorter or different search word, fewer tags, a wider price range or another category.`
                    : 'Try fewer tags, a wider price range or another category, or search for a word instead.'}
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
                    {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
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
