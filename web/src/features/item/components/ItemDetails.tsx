import { useTranslation } from 'react-i18next';
import type { Item } from '../../../lib/api-client';
import { conditionLabel, formatDimensions, formatWeight } from '../../../lib/item-details';
import styles from './Item.module.css';

/** Condition, size and weight, as the owner gave them; nothing when none is known. */
export function ItemDetails({ item }: { item: Item }) {
  const { t } = useTranslation('storefront');
  const size = formatDimensions(item.dimensions);
  if (!item.condition && !size && item.weight_grams === null && !item.condition_note) return null;
  return (
    <dl className={styles.facts} aria-label={t('details.label')}>
      {item.condition && (
        <div>
          <dt>{t('details.condition')}</dt>
          <dd>{conditionLabel(item.condition)}</dd>
        </div>
      )}
      {item.condition_note && (
        <div>
          <dt>{item.condition ? t('details.aboutCondition') : t('details.condition')}</dt>
          <dd>{item.condition_note}</dd>
        </div>
      )}
      {size && (
        <div>
          <dt>{t('details.size')}</dt>
          <dd>{size}</dd>
        </div>
      )}
      {item.weight_grams !== null && (
        <div>
          <dt>{t('details.weight')}</dt>
          <dd>{formatWeight(item.weight_grams)}</dd>
        </div>
      )}
    </dl>
  );
}
