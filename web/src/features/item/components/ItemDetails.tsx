import type { Item } from '../../../lib/api-client';
import { conditionLabel, formatDimensions, formatWeight } from '../../../lib/item-details';
import styles from './Item.module.css';

/** Condition, size and weight, as the owner gave them; nothing when none is known. */
export function ItemDetails({ item }: { item: Item }) {
  const size = formatDimensions(item.dimensions);
  if (!item.condition && !size && item.weight_grams === null && !item.condition_note) return null;
  return (
    <dl className={styles.facts} aria-label="Details">
      {item.condition && (
        <div>
          <dt>Condition</dt>
          <dd>{conditionLabel(item.condition)}</dd>
        </div>
      )}
      {item.condition_note && (
        <div>
          <dt>{item.condition ? 'About its condition' : 'Condition'}</dt>
          <dd>{item.condition_note}</dd>
        </div>
      )}
      {size && (
        <div>
          <dt>Size</dt>
          <dd>{size}</dd>
        </div>
      )}
      {item.weight_grams !== null && (
        <div>
          <dt>Weight</dt>
          <dd>{formatWeight(item.weight_grams)}</dd>
        </div>
      )}
    </dl>
  );
}
