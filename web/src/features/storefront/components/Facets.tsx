import { type FormEvent, startTransition, useId, useOptimistic, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import type { CategoryNode, Filters } from '../../../lib/api-client';
import { centsToMajorText, parseMajorUnits } from '../../../lib/format';
import { CONDITIONS } from '../../../lib/item-details';
import { usePriceFormat } from '../../../lib/queries';
import { conditionsFromSearch, tagsFromSearch, withParams } from '../url-filters';
import styles from './Storefront.module.css';

function CategoryTree({
  nodes,
  selected,
  search,
  onPick,
}: {
  nodes: CategoryNode[];
  selected: number | undefined;
  search: URLSearchParams;
  onPick: () => void;
}) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.id}>
          <Link
            to={{ search: withParams(search, { category: node.id, cursor: undefined }).toString() }}
            aria-current={selected === node.id ? 'true' : undefined}
            onClick={onPick}
          >
            {node.name}
          </Link>
          {node.children.length > 0 && (
            <CategoryTree
              nodes={node.children}
              selected={selected}
              search={search}
              onPick={onPick}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function PriceRange({ filters, onPick }: { filters: Filters; onPick: () => void }) {
  const { t } = useTranslation('storefront');
  const [search, setSearch] = useSearchParams();
  const [error, setError] = useState<string>();
  const errorId = useId();
  const minCents = search.get('min_price');
  const maxCents = search.get('max_price');

  // Typed in major units (what a shopper thinks in), sent as cents (the API's unit).
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const minText = String(form.get('min') ?? '');
    const maxText = String(form.get('max') ?? '');
    const min = minText.trim() ? parseMajorUnits(minText) : undefined;
    const max = maxText.trim() ? parseMajorUnits(maxText) : undefined;
    if (min === null || max === null) return setError(t('price.notANumber'));
    if (min !== undefined && max !== undefined && min > max) return setError(t('price.swapped'));
    setError(undefined);
    setSearch(withParams(search, { min_price: min, max_price: max }));
    onPick();
  }

  const format = usePriceFormat();
  const bounds =
    format && filters.price.min !== null && filters.price.max !== null
      ? `${format(filters.price.min)} – ${format(filters.price.max)}`
      : undefined;

  return (
    <form className={styles.group} onSubmit={apply} aria-label={t('price.range')}>
      <div className={styles.groupTitle}>{t('price.title')}</div>
      <div className={styles.price}>
        <label>
          {t('price.from')}
          <input
            name="min"
            inputMode="decimal"
            defaultValue={centsToMajorText(minCents === null ? null : Number(minCents))}
            placeholder={filters.price.min !== null ? centsToMajorText(filters.price.min) : ''}
            aria-describedby={error ? errorId : undefined}
            key={`min-${minCents}`}
          />
        </label>
        <label>
          {t('price.to')}
          <input
            name="max"
            inputMode="decimal"
            defaultValue={centsToMajorText(maxCents === null ? null : Number(maxCents))}
            placeholder={filters.price.max !== null ? centsToMajorText(filters.price.max) : ''}
            aria-describedby={error ? errorId : undefined}
            key={`max-${maxCents}`}
          />
        </label>
        {bounds && <span className={styles.priceBounds}>{t('price.bounds', { bounds })}</span>}
        {error && (
          <p id={errorId} role="alert">
            {error}
          </p>
        )}
        <div className={styles.priceActions}>
          <Button type="submit" variant="secondary">
            {t('price.apply')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * Category tree (subtree rule, spec 4.2), tags (AND), price range; all in the address.
 * Every pick is told to `onPick`, which shows its results (issue 30 item 8).
 */
export function Facets({
  filters,
  open,
  onPick,
}: {
  filters: Filters;
  open: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation('storefront');
  const [search, setSearch] = useSearchParams();
  const selectedCategory = Number(search.get('category')) || undefined;
  // A box shows its click at once: the address changes in a transition that waits for
  // the new list, and until then the boxes show what was picked (useOptimistic).
  const [selectedTags, showTags] = useOptimistic(tagsFromSearch(search));
  const [selectedConditions, showConditions] = useOptimistic(conditionsFromSearch(search));

  function toggleCondition(value: string, on: boolean) {
    const next = on
      ? [...selectedConditions, value]
      : selectedConditions.filter((c) => c !== value);
    startTransition(() => {
      showConditions(next);
      setSearch(withParams(search, { condition: next.join(','), cursor: undefined }));
    });
    onPick();
  }

  function toggleTag(slug: string, on: boolean) {
    const next = on ? [...selectedTags, slug] : selectedTags.filter((tag) => tag !== slug);
    startTransition(() => {
      showTags(next);
      setSearch(withParams(search, { tags: next.join(',') }));
    });
    onPick();
  }

  return (
    <aside
      id="filters"
      className={`${styles.panel} ${open ? styles.panelOpen : ''}`}
      aria-label={t('filters.show')}
    >
      <nav className={styles.group} aria-label={t('facets.categories')}>
        <div className={styles.groupTitle}>{t('facets.categories')}</div>
        <div className={styles.tree}>
          <ul>
            <li>
              <Link
                to={{ search: withParams(search, { category: undefined }).toString() }}
                aria-current={selectedCategory === undefined ? 'true' : undefined}
                onClick={onPick}
              >
                {t('facets.everything')}
              </Link>
            </li>
          </ul>
          <CategoryTree
            nodes={filters.categories}
            selected={selectedCategory}
            search={search}
            onPick={onPick}
          />
        </div>
      </nav>
      {filters.tags.length > 0 && (
        <fieldset className={styles.group}>
          <legend>{t('facets.tags')}</legend>
          <div className={styles.tags}>
            {filters.tags.map((tag) => (
              <label key={tag.id} className={styles.tag}>
                <input
                  type="checkbox"
                  checked={selectedTags.includes(tag.slug)}
                  onChange={(event) => toggleTag(tag.slug, event.target.checked)}
                />
                <Swatch colour={tag.colour} />
                {tag.name}
                <span className={styles.tagCount}>
                  {tag.count}
                  <span className="visually-hidden">
                    {' '}
                    {t('facets.items', { count: tag.count })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className={styles.group}>
        <legend>{t('facets.condition')}</legend>
        <div className={styles.tags}>
          {CONDITIONS.map((condition) => (
            <label key={condition.value} className={styles.tag}>
              <input
                type="checkbox"
                checked={selectedConditions.includes(condition.value)}
                onChange={(event) => toggleCondition(condition.value, event.target.checked)}
              />
              {condition.label}
            </label>
          ))}
        </div>
      </fieldset>
      <PriceRange filters={filters} onPick={onPick} />
    </aside>
  );
}

/** The tag's colour as a dot (React sets it through the CSSOM, which the CSP allows). */
function Swatch({ colour }: { colour: string }) {
  return <span aria-hidden="true" className={styles.swatch} style={{ backgroundColor: colour }} />;
}
