import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Price } from '../../../components/ui/Price';
import { type Draft, type DraftState, useDraftAction, useDrafts } from '../api';
import styles from './Drafts.module.css';
import { SuggestionsForm } from './SuggestionsForm';

const STATES: DraftState[] = ['queued', 'processing', 'drafted', 'failed', 'accepted', 'dismissed'];

function DraftCard({ draft }: { draft: Draft }) {
  const action = useDraftAction();
  const s = draft.suggestions;
  return (
    <article className={styles.card} aria-labelledby={`draft-${draft.id}`}>
      <h2 id={`draft-${draft.id}`}>
        <Link to={`/admin/items/${draft.item_id}`}>{draft.item.title}</Link>{' '}
        <span className={styles.state}>{draft.state}</span>
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
        {s && draft.state === 'drafted' ? (
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
          </section>
        ) : draft.state === 'failed' ? (
          <Notice tone="error">Drafting failed: {draft.last_error ?? 'no reason given'}</Notice>
        ) : (
          <p className={styles.meta}>
            {draft.state === 'queued' || draft.state === 'processing'
              ? 'No suggestions yet: the drafting step has not run.'
              : 'No suggestions: no drafting model is set up, or it had none.'}
          </p>
        )}
      </div>
      {action.error && (
        <Notice tone="error" role="alert">
          {action.error.message}
        </Notice>
      )}
      <div className={styles.actions}>
        <Link to={`/admin/items/${draft.item_id}`}>Edit the item</Link>
        {(draft.state === 'drafted' || draft.state === 'failed') && (
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
  const drafts = useDrafts(state);
  return (
    <>
      <h1>Drafts inbox</h1>
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
      {drafts.isPending ? (
        <Loading />
      ) : drafts.isError ? (
        <PageState title="The drafts could not be loaded">
          <p>{drafts.error.message}</p>
        </PageState>
      ) : drafts.data.drafts.length === 0 ? (
        <PageState title="The inbox is empty">
          <p>Submissions through upload links appear here.</p>
        </PageState>
      ) : (
        <div className={styles.list}>
          {drafts.data.drafts.map((draft) => (
            <DraftCard key={draft.id} draft={draft} />
          ))}
        </div>
      )}
    </>
  );
}
