import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Price } from '../../../components/ui/Price';
import { formatDate, formatTime } from '../../../lib/format';
import { type Draft, type DraftItems, type DraftState, useDraftAction, useDrafts } from '../api';
import styles from './Drafts.module.css';
import { SuggestionsForm } from './SuggestionsForm';

const STATES: DraftState[] = ['queued', 'processing', 'drafted', 'failed', 'accepted', 'dismissed'];

/** The inbox's item filter; each label is a key in the admin catalogue. */
const ITEM_CHOICES: Array<{ value: DraftItems; label: string }> = [
  { value: 'pending', label: 'drafts.show.pending' },
  { value: 'moved-on', label: 'drafts.show.movedOn' },
  { value: 'all', label: 'drafts.show.all' },
];

/** Where the item went after its draft (an item status), in words (never colour alone). */
const MOVED_ON = new Set(['available', 'reserved', 'sold']);

function NoSuggestions({ draft }: { draft: Draft }) {
  const { t } = useTranslation('admin');
  // The drafting step's own reasons in the page's language; a failed run's detail is the
  // model server's own text.
  const reason =
    draft.last_error_code === 'published_first'
      ? t('drafts.publishedFirst', { detail: draft.last_error })
      : draft.last_error_code === 'paused'
        ? t('drafts.paused', { detail: draft.last_error })
        : draft.last_error;
  if (draft.state === 'queued' || draft.state === 'processing')
    return (
      <p className={styles.meta}>
        {t('drafts.notYet')}
        {reason && ` ${reason}`}
      </p>
    );
  if (draft.state === 'failed')
    return (
      <Notice tone="error">
        {draft.last_error_code === 'published_first'
          ? reason
          : t('drafts.failedRun', { reason: reason ?? t('drafts.noReason') })}
      </Notice>
    );
  if (draft.model === null)
    return (
      <p className={styles.meta}>{t('drafts.withoutModel', { adds: t('drafts.modelAdds') })}</p>
    );
  return <p className={styles.meta}>{t('drafts.nothingSuggested')}</p>;
}

function DraftCard({ draft, canRedraft }: { draft: Draft; canRedraft: boolean }) {
  const { t } = useTranslation('admin');
  const action = useDraftAction();
  const s = draft.suggestions;
  // Accept and re-run act on the item, so only while it is pending (the API refuses them after).
  const itemPending = draft.item.status === 'pending';
  return (
    <article className={styles.card} aria-labelledby={`draft-${draft.id}`}>
      <h2 id={`draft-${draft.id}`}>
        <Link to={`/admin/items/${draft.item_id}`}>{draft.item.title}</Link>{' '}
        <span className={styles.state}>{t(`drafts.state.${draft.state}`)}</span>{' '}
        {!itemPending && (
          <span className={styles.state}>
            {MOVED_ON.has(draft.item.status)
              ? t(`drafts.itemNow.${draft.item.status}`)
              : t('drafts.itemNow.other')}
          </span>
        )}
      </h2>
      <p className={styles.meta}>
        {draft.link
          ? t('drafts.fromLink', {
              label: draft.link.label ?? t('drafts.unlabelled'),
              contact: draft.link.contact_email ?? t('drafts.noContact'),
            })
          : t('drafts.fromGoneLink')}
        {' · '}
        {t('drafts.sentAt', {
          date: formatDate(draft.created_at),
          time: formatTime(draft.created_at),
        })}
        {' · '}
        {draft.remove_background ? t('drafts.removeBackground') : t('drafts.keepBackground')}
      </p>
      <p className={styles.note}>{draft.note || <em>{t('drafts.noNote')}</em>}</p>
      <div className={styles.body}>
        <ul className={styles.photos} aria-label={t('drafts.photos')}>
          {draft.photos.map((photo, index) => (
            <li key={photo.id} className={styles.pair}>
              <figure>
                <img
                  src={photo.url}
                  alt={
                    photo.has_original
                      ? t('drafts.viewCutOut', { title: draft.item.title, n: index + 1 })
                      : t('drafts.view', { title: draft.item.title, n: index + 1 })
                  }
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                />
                <figcaption>
                  {photo.has_original ? t('drafts.cutOut') : t('drafts.asSent')}
                </figcaption>
              </figure>
              {photo.original_url && (
                <figure>
                  <img
                    src={photo.original_url}
                    alt={t('drafts.viewOriginal', { title: draft.item.title, n: index + 1 })}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                  />
                  <figcaption>{t('drafts.original')}</figcaption>
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
          <section aria-label={t('drafts.suggestions')} className={styles.suggestions}>
            <h3>{t('drafts.suggested')}</h3>
            <dl>
              <dt>{t('drafts.title')}</dt>
              <dd>{s.title}</dd>
              <dt>{t('drafts.price')}</dt>
              <dd>
                <Price cents={s.price_cents} />
              </dd>
              <dt>{t('drafts.description')}</dt>
              <dd>{s.description}</dd>
            </dl>
            {draft.state === 'drafted' && !itemPending && (
              <p className={styles.meta}>{t('drafts.noLongerApply')}</p>
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
        <Link to={`/admin/items/${draft.item_id}`}>{t('drafts.editItem')}</Link>
        {itemPending && (draft.state === 'failed' || (draft.state === 'drafted' && canRedraft)) && (
          <Button
            variant="secondary"
            onClick={() => action.mutate({ id: draft.id, action: 'rerun' })}
          >
            {t('drafts.rerun')}
          </Button>
        )}
        {draft.state === 'drafted' && (
          <Button
            variant="quiet"
            onClick={() => action.mutate({ id: draft.id, action: 'dismiss' })}
          >
            {s ? t('drafts.dismissSuggestions') : t('drafts.dismiss')}
          </Button>
        )}
      </div>
    </article>
  );
}

/** Submissions with their photos large enough to judge, the note, where they came from. */
export function DraftsInbox() {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<DraftState | undefined>(undefined);
  // The inbox proper: drafts whose item is still pending; the rest are kept, one choice away.
  const [items, setItems] = useState<DraftItems>('pending');
  const drafts = useDrafts(state, items);
  return (
    <>
      <h1>{t('drafts.heading')}</h1>
      <div className={styles.filters}>
        <label className={styles.filter}>
          {t('drafts.showLabel')}
          <select
            className={styles.select}
            value={items}
            onChange={(event) => setItems(event.currentTarget.value as DraftItems)}
          >
            {ITEM_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(choice.label)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          {t('drafts.stateLabel')}
          <select
            className={styles.select}
            value={state ?? ''}
            onChange={(event) =>
              setState((event.currentTarget.value || undefined) as DraftState | undefined)
            }
          >
            <option value="">{t('drafts.everyState')}</option>
            {STATES.map((option) => (
              <option key={option} value={option}>
                {t(`drafts.state.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {drafts.data && drafts.data.configured_model === null && (
        <Notice>
          <Trans
            t={t}
            i18nKey="drafts.noModel"
            values={{ adds: t('drafts.modelAdds') }}
            components={{ strong: <strong />, code: <code /> }}
          />
        </Notice>
      )}
      {drafts.isPending ? (
        <Loading />
      ) : drafts.isError ? (
        <PageState title={t('drafts.failed')}>
          <p>{drafts.error.message}</p>
        </PageState>
      ) : drafts.data.drafts.length === 0 ? (
        items === 'moved-on' ? (
          <PageState title={t('drafts.noneMovedOn')}>
            <p>{t('drafts.noneMovedOnBody')}</p>
          </PageState>
        ) : (
          <PageState title={t('drafts.empty')}>
            <p>{t('drafts.emptyBody')}</p>
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
