import { useState } from 'react';
import { Button, FileButton } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Feedback';
import type { AdminItem } from '../../../lib/admin-api';
import { usePhotos } from '../api';
import styles from './AdminItems.module.css';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** Photos of the item: add, remove, replace, restore the original, and reorder (drag or buttons). */
export function Photos({ item }: { item: AdminItem }) {
  const photos = usePhotos(item.id);
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = item.images.map((image) => image.id);
  const error =
    photos.add.error ??
    photos.remove.error ??
    photos.replace.error ??
    photos.reorder.error ??
    photos.restore.error;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    photos.reorder.mutate(next);
  };

  return (
    <section aria-labelledby="photos-heading" className={styles.card}>
      <h2 id="photos-heading">Photos</h2>
      {error && (
        <Notice tone="error" role="alert">
          {error.message}
        </Notice>
      )}
      {item.images.length === 0 ? (
        <p>No photos yet.</p>
      ) : (
        <ol className={styles.photos} aria-label="Photos in order">
          {item.images.map((image, index) => (
            <li
              key={image.id}
              className={styles.photo}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
            >
              <img
                src={image.variants[0]?.url ?? image.url}
                alt={`${item.title}, view ${index + 1}`}
                width={image.width}
                height={image.height}
                loading="lazy"
              />
              <div className={styles.photoActions}>
                <Button
                  variant="quiet"
                  aria-label={`Move photo ${index + 1} earlier`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ← Earlier
                </Button>
                <Button
                  variant="quiet"
                  aria-label={`Move photo ${index + 1} later`}
                  disabled={index === ids.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  Later →
                </Button>
                <FileButton
                  variant="quiet"
                  accept={ACCEPT}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    if (file) photos.replace.mutate({ imageId: image.id, file });
                    event.currentTarget.value = '';
                  }}
                >
                  Replace<span className="visually-hidden"> photo {index + 1}</span>
                </FileButton>
                {image.has_original && (
                  <Button variant="quiet" onClick={() => photos.restore.mutate(image.id)}>
                    Restore original {index + 1}
                  </Button>
                )}
                <Button
                  variant="danger"
                  aria-label={`Remove photo ${index + 1}`}
                  onClick={() => photos.remove.mutate(image.id)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div>
        <FileButton
          accept={ACCEPT}
          multiple
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            if (files.length) photos.add.mutate(files);
            event.currentTarget.value = '';
          }}
        >
          Add photos
        </FileButton>
        <p className={styles.muted}>JPEG, PNG or WebP; up to 6 at a time.</p>
      </div>
      {photos.add.isPending && <p role="status">Uploading…</p>}
    </section>
  );
}
