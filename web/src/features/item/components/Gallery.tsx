import { useState } from 'react';
import { ItemImage } from '../../../components/ui/ItemImage';
import type { Item } from '../../../lib/api-client';
import styles from './Item.module.css';

export function Gallery({ item }: { item: Item }) {
  const [shown, setShown] = useState(0);
  const image = item.images[shown] ?? item.images[0];
  if (!image) return <div className={styles.stage} aria-label="No photo yet" role="img" />;
  return (
    <div>
      <div className={styles.stage}>
        <ItemImage
          image={image}
          alt={`${item.title}, photo ${shown + 1} of ${item.images.length}`}
          sizes="(min-width: 52rem) 60vw, 100vw"
          eager
        />
      </div>
      {item.images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Photos">
          {item.images.map((photo, index) => (
            <li key={photo.id}>
              <button
                type="button"
                aria-current={index === shown ? 'true' : undefined}
                aria-label={`Show photo ${index + 1}`}
                onClick={() => setShown(index)}
              >
                <ItemImage image={photo} alt="" sizes="72px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
