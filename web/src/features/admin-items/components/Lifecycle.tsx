import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Notice } from '../../../components/ui/Feedback';
import type { AdminItem } from '../../../lib/admin-api';
import { type Lifecycle, useDeleteItem, useLifecycle } from '../api';

type Asking = 'publish' | 'delete' | 'mark-sold' | null;

/**
 * The lifecycle buttons exactly as spec 3 has them: Publish for pending;
 * Unpublish hidden for reserved and sold; Mark sold but not twice; Release hold
 * for reserved; Delete for pending and available. A refusal shows the server's reason.
 */
export function LifecycleButtons({ item }: { item: AdminItem }) {
  const lifecycle = useLifecycle();
  const remove = useDeleteItem();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>(null);
  const [warned, setWarned] = useState<AdminItem['publish_warnings']>([]);

  const run = (action: Lifecycle) =>
    lifecycle.mutate(
      { id: item.id, action },
      {
        onSuccess: (answer) => {
          if ('warnings' in answer) setWarned(answer.warnings as AdminItem['publish_warnings']);
        },
      },
    );
  const error = lifecycle.error ?? remove.error;

  return (
    <section aria-labelledby="lifecycle-heading">
      <h2 id="lifecycle-heading">Status</h2>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        {item.status === 'pending' && (
          <Button
            onClick={() => (item.publish_warnings.length ? setAsking('publish') : run('publish'))}
          >
            Publish
          </Button>
        )}
        {item.status === 'available' && (
          <Button variant="secondary" onClick={() => run('unpublish')}>
            Unpublish
          </Button>
        )}
        {item.status === 'reserved' && (
          <Button variant="secondary" onClick={() => run('release')}>
            Release hold
          </Button>
        )}
        {item.status !== 'sold' && (
          <Button variant="secondary" onClick={() => setAsking('mark-sold')}>
            Mark sold
          </Button>
        )}
        {(item.status === 'pending' || item.status === 'available') && (
          <Button variant="danger" onClick={() => setAsking('delete')}>
            Delete
          </Button>
        )}
      </div>
      {error && (
        <Notice tone="error" role="alert">
          {error.message}
        </Notice>
      )}
      {warned.length > 0 && item.status === 'available' && (
        <Notice role="status">
          Published with warnings: {warned.map((w) => w.message).join(' ')}
        </Notice>
      )}
      <ConfirmDialog
        open={asking === 'publish'}
        title="Publish with these warnings?"
        confirmLabel="Publish anyway"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          run('publish');
        }}
      >
        <ul>
          {item.publish_warnings.map((warning) => (
            <li key={warning.code}>{warning.message}</li>
          ))}
        </ul>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'mark-sold'}
        title={`Mark “${item.title}” as sold?`}
        confirmLabel="Mark sold"
        danger
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          run('mark-sold');
        }}
      >
        <p>
          Everyone who saved it to their favorites and asked to be told gets an email that it is
          sold.
          {item.status === 'reserved' && ' The customer holding it loses it from their cart.'} It
          leaves the shop for good: this cannot be undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title="Delete this item?"
        confirmLabel="Delete item"
        danger
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          remove.mutate(item.id, { onSuccess: () => navigate('/admin/items') });
        }}
      >
        <p>The item and its photos are removed for good. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
