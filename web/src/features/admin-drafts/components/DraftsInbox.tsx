import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Price } from '../../../components/ui/Price';
import { type Draft, type DraftItems, type DraftState, useDraftAction, useDrafts } from '../api';
import styles from './Drafts.module.css';
import { SuggestionsForm } from './SuggestionsForm';

const STATES: DraftState[] = ['queued', 'processing', 'drafted', 'failed', 'accepted', 'dismissed'];

const ITEM_CHOICES: Array<{ value: DraftItems; label: string }> = [
  { value: 'pending', label: 'Waiting: item still pending' },
  { value: 'moved-on', label: 'Item published, held or sold' },
  { value: 'all', label: 'Every draft' },
];

/** Where the item went after its draft, in words (never colour alone). */
const ITEM_MOVED_ON: Record<string, string> = {
  available: 'Item published',
  reserved: 'Item in a customer’s cart',
  sold: 'Item sold',
};

/** What the drafting step would have added, had a model been set up (issue 30, item 14). */
const WHAT_A_MODEL_ADDS =
  'a suggested title, description, price, category and tags, read from the photos and the note';

function NoSuggestions({ draft }: { draft: Draft }) {
  if (draft.state === 'queued' || draft.state === 'processing')
    return (
      <p className={styles.meta}>
        No suggestions yet: the drafting step has not run.
        {draft.last_error && ` ${draft.last_error}`}
      </p>
    );
  if (draft.state === 'failed')
    return <Notice tone="error">Drafting failed: {draft.last_error ?? 'no reason given'}</Notice>;
  if (draft.model === null)
    return (
      <p className={styles.meta}>
        Nothing to accept: this was drafted without a model. With one, it would have come with{' '}
        {WHAT_A_MODEL_ADDS}. Write those in the item editor.
      </p>
    );
  return <p className={styles.meta}>The model suggested nothing for this one.</p>;
}

function DraftCard({ draft, canRedraft }: { draft: Draft; canRedraft: boolean }) {
  const action = useDraftAction();
  const s = draft.suggestions;
  // Accept and re-run act on the item, so only while it is pending (the API refuses them after).
  const itemPending = draft.item.status === 'pending';
  return (
    <article className={styles.card} aria-labelledby={`draft-${draft.id}`}>
      <h2 id={`draft-${draft.id}`}>
        <Link to={`/admin/items/${draft.item_id}`}>{draft.item.title}</Link>{' '}
        <span className={styles.state}>{draft.state}</span>{' '}
        {!itemPending && (
          <span className={styles.state}>
            {ITEM_MOVED_ON[draft.item.status] ?? draft.item.status}
          </span>
        )}
      </h2>
      <p className={styles.meta}>
        From{' '}
        {draft.link
          ? `“${draft.link.label ?? 'unlabelled link'}” (${draft.link.contact_email ?? 'no contact'})`
          : 'a link that no longer exists'}
        {' · '}
        {new Date(draft.created_at).toLocaleString()}
        {' · '}
        {draft.remove_background ? 'Background removal wanted' : 'Keep the background'}
      </p>
      <p className={styles.note}>{draft.note || <em>No note.</em>}</p>
      <div className={styles.body}>
        <ul className={styles.photos} aria-label="Photos">
          {draft.photos.map((photo, index) => (
            <li key={photo.id} className={styles.pair}>
              <figure>
                <img
                  src={photo.url}
                  alt={`${draft.item.title}, view ${index + 1}${photo.has_original ? ', cut out' : ''}`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                />
                <figcaption>{photo.has_original ? 'Cut-out' : 'As sent'}</figcaption>
              </figure>
              {photo.original_url && (
                <figure>
                  <img
                    src={photo.original_url}
                    alt={`${draft.item.title}, view ${index + 1}, original`}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                  />
                  <figcaption>Original</figcaption>
                </figure>
              )}
            </li>
          ))}
        </ul>
        {s && draft.state === 'drafted' && itemPending ? (
          <SuggestionsForm
            draftId={draft.id}
            suggestions={s}
            pending={action.isPending}
            onAccept={(edits) => action.mutate({ id: draft.id, action: 'accept', edits })}
          />
        ) : s ? (
          <section aria-label="Suggestions" className={styles.suggestions}>
            <h3>Suggested</h3>
            <dl>
              <dt>Title</dt>
              <dd>{s.title}</dd>
              <dt>Price</dt>
              <dd>
                <Price cents={s.price_cents} />
              </dd>
              <dt>Description</dt>
              <dd>{s.description}</dd>
            </dl>
            {draft.state === 'drafted' && !itemPending && (
              <p className={styles.meta}>
                The item left pending, so these no longer apply to it; change it in the item editor.
              </p>
            )}
          </section>
        ) : (
          <NoSuggestions draft={draft} />
        )}
      </div>
      {action.error && (
        <Notice tone="error" role="alert">
          {action.error.message}
        </Notice>
      )}
      <div className={styles.actions}>
        <Link to={`/admin/items/${draft.item_id}`}>Edit the item</Link>
        {itemPending && (draft.state === 'failed' || (draft.state === 'drafted' && canRedraft)) && (
          <Button
            variant="secondary"
            onClick={() => action.mutate({ id: draft.id, action: 'rerun' })}
          >
            Draft again
          </Button>
        )}
        {draft.state === 'drafted' && (
          <Button
            variant="quiet"
            onClick={() => action.mutate({ id: draft.id, action: 'dismiss' })}
          >
            {s ? 'Dismiss suggestions' : 'Dismiss from the inbox'}
          </Button>
        )}
      </div>
    </article>
  );
}

/** Submissions with their photos large enough to judge, the note, where they came from. */
export function DraftsInbox() {
  const [state, setState] = useState<DraftState | undefined>(undefined);
  // The inbox proper: drafts whose item is still pending; the rest are kept, one choice away.
  const [items, setItems] = useState<DraftItems>('pending');
  const drafts = useDrafts(state, items);
  return (
    <>
      <h1>Drafts inbox</h1>
      <div className={styles.filters}>
        <label className={styles.filter}>
          Show
          <select
            className={styles.select}
            value={items}
            onChange={(event) => setItems(event.currentTarget.value as DraftItems)}
          >
            {ITEM_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          State
          <select
            className={styles.select}
            value={state ?? ''}
            onChange={(event) =>
              setState((event.currentTarget.value || undefined) as DraftState | undefined)
            }
          >
            <option value="">Every state</option>
            {STATES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>
      {drafts.data && drafts.data.configured_model === null && (
        <Notice>
          <strong>No drafting model is set up.</strong> Backgrounds are still removed where the
          sender asked, but there are no suggestions to accept. With a model (
          <code>DRAFT_PROVIDER</code>, <code>DRAFT_API_BASE</code> and <code>DRAFT_MODEL</code> in
          the server’s settings), each submission would arrive here with {WHAT_A_MODEL_ADDS}, for
          you to check and accept.
        </Notice>
      )}
      {drafts.isPending ? (
        <Loading />
      ) : drafts.isError ? (
        <PageState title="The drafts could not be loaded">
          <p>{drafts.error.message}</p>
        </PageState>
      ) : drafts.data.drafts.length === 0 ? (
        items === 'moved-on' ? (
          <PageState title="No drafts here">
            <p>Drafts of items you published or sold are kept here.</p>
          </PageState>
        ) : (
          <PageState title="The inbox is empty">
            <p>Submissions through upload links appear here until their item is published.</p>
          </PageState>
        )
      ) : (
        <div className={styles.list}>
          {drafts.data.drafts.map((draft) => (
            <DraftCard
              key={draft.id}
              draft={draft}
              canRedraft={drafts.data.configured_model !== null}
            />
          ))}
        </div>
      )}
    </>
  );
}
