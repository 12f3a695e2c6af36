import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { TableFrame } from '../../../components/ui/TableFrame';
import { formatLanguage, localeOf } from '../../../lib/format';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useEnableWebhook,
  useRedeliver,
  useWebhooks,
  type Webhook,
  type WebhookEvent,
} from '../api';
import styles from './Webhooks.module.css';

/**
 * Every event, with what it tells a receiver (the order the server documents them in). The
 * event's name stays as the receiver sees it; its meaning is in the page's language.
 */
const EVENTS: Array<{ type: WebhookEvent; label: string }> = [
  { type: 'item.published', label: 'webhooks.events.itemPublished' },
  { type: 'item.unpublished', label: 'webhooks.events.itemUnpublished' },
  { type: 'item.reserved', label: 'webhooks.events.itemReserved' },
  { type: 'item.released', label: 'webhooks.events.itemReleased' },
  { type: 'item.sold', label: 'webhooks.events.itemSold' },
  { type: 'order.placed', label: 'webhooks.events.orderPlaced' },
  { type: 'order.paid', label: 'webhooks.events.orderPaid' },
  { type: 'order.shipped', label: 'webhooks.events.orderShipped' },
  { type: 'order.delivered', label: 'webhooks.events.orderDelivered' },
  { type: 'order.cancelled', label: 'webhooks.events.orderCancelled' },
  { type: 'order.refunded', label: 'webhooks.events.orderRefunded' },
  { type: 'submission.received', label: 'webhooks.events.submissionReceived' },
];

/** A moment to the second, as the page's language writes it (a log is read by the second). */
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(localeOf(formatLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(iso));

type Created = NonNullable<ReturnType<typeof useCreateWebhook>['data']>;

/** The signing secret, shown this once: the receiver needs it to verify each delivery. */
function SecretShownOnce({ webhook, onDone }: { webhook: Created; onDone: () => void }) {
  const { t } = useTranslation('adminSettings');
  return (
    <section aria-labelledby="secret-heading" className={styles.panel}>
      <h2 id="secret-heading">{t('webhooks.secret.heading', { url: webhook.url })}</h2>
      <Notice role="status">{t('webhooks.secret.onlyNow')}</Notice>
      <label>
        {t('webhooks.secret.label')}
        <input
          readOnly
          value={webhook.secret}
          className={styles.secret}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <div className={styles.actions}>
        <CopyButton text={webhook.secret} label={t('webhooks.secret.copy')} />
        <Button variant="secondary" onClick={onDone}>
          {t('webhooks.secret.done')}
        </Button>
      </div>
    </section>
  );
}

/** What happened to each event sent to one endpoint, newest first, with every attempt. */
function Deliveries({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('adminSettings');
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver(webhook.id);
  if (deliveries.isPending) return <Loading label={t('webhooks.deliveries.loading')} />;
  if (deliveries.isError)
    return (
      <Notice tone="error" role="alert">
        {deliveries.error.message}
      </Notice>
    );
  const list = deliveries.data.deliveries;
  return (
    <section
      aria-label={t('webhooks.deliveries.heading', { url: webhook.url })}
      className={styles.panel}
    >
      <h3>{t('webhooks.deliveries.heading', { url: webhook.url })}</h3>
      {redeliver.error && (
        <Notice tone="error" role="alert">
          {redeliver.error.message}
        </Notice>
      )}
      {list.length === 0 ? (
        <p>{t('webhooks.deliveries.none')}</p>
      ) : (
        <TableFrame>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('webhooks.deliveries.event')}</th>
                <th scope="col">{t('webhooks.deliveries.created')}</th>
                <th scope="col">{t('webhooks.deliveries.state')}</th>
                <th scope="col">{t('webhooks.deliveries.attempts')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('webhooks.list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{delivery.event_type}</td>
                  <td>{dateTime(delivery.created_at)}</td>
                  <td>
                    {delivery.next_attempt_at && delivery.state === 'retrying'
                      ? t('webhooks.deliveries.retryingAt', {
                          at: dateTime(delivery.next_attempt_at),
                        })
                      : t(`webhooks.deliveries.states.${delivery.state}`)}
                  </td>
                  <td>
                    {delivery.attempts.length === 0
                      ? '—'
                      : delivery.attempts.map((attempt) => (
                          <div key={attempt.attempt}>
                            {t('webhooks.deliveries.attempt', {
                              n: attempt.attempt,
                              at: dateTime(attempt.at),
                              // The receiver's answer or the network's error, as logged.
                              outcome: attempt.error ?? `HTTP ${attempt.status_code}`,
                              ms: attempt.duration_ms,
                            })}
                          </div>
                        ))}
                  </td>
                  <td>
                    {(delivery.state === 'delivered' || delivery.state === 'failed') && (
                      <Button
                        variant="secondary"
                        aria-label={t('webhooks.deliveries.againLabel', {
                          event: delivery.event_type,
                          at: dateTime(delivery.created_at),
                        })}
                        disabled={redeliver.isPending}
                        onClick={() => redeliver.mutate(delivery.id)}
                      >
                        {t('webhooks.deliveries.again')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

export function WebhooksPage() {
  const { t } = useTranslation('adminSettings');
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const [created, setCreated] = useState<Created | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [noEvents, setNoEvents] = useState(false);
  const [deleting, setDeleting] = useState<{ id: number; url: string } | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const events = form.getAll('events').map(String) as WebhookEvent[];
    setNoEvents(events.length === 0);
    if (events.length === 0) return;
    create.mutate(
      { url: String(form.get('url')).trim(), events },
      {
        onSuccess: (webhook) => {
          setCreated(webhook);
          formElement.reset();
        },
      },
    );
  }

  const urlError =
    create.error && 'field' in create.error && create.error.field === 'url'
      ? create.error.message
      : undefined;

  return (
    <>
      <h1>{t('webhooks.title')}</h1>
      <p>{t('webhooks.intro')}</p>
      {created && <SecretShownOnce webhook={created} onDone={() => setCreated(null)} />}
      <form
        onSubmit={submit}
        noValidate
        className={styles.form}
        aria-labelledby="create-webhook-heading"
      >
        <h2 id="create-webhook-heading">{t('webhooks.create.heading')}</h2>
        {create.error && !urlError && (
          <Notice tone="error" role="alert">
            {create.error.message}
          </Notice>
        )}
        <Field
          label={t('webhooks.create.url')}
          name="url"
          type="url"
          required
          placeholder={t('webhooks.create.urlPlaceholder')}
          error={urlError}
          hint={t('webhooks.create.urlHint')}
        />
        <fieldset className={styles.events}>
          <legend>{t('webhooks.create.events')}</legend>
          {EVENTS.map((event) => (
            <label key={event.type}>
              <input
                type="checkbox"
                name="events"
                value={event.type}
                defaultChecked={event.type === 'item.sold'}
              />{' '}
              {t(event.label)} <small>({event.type})</small>
            </label>
          ))}
        </fieldset>
        {noEvents && (
          <Notice tone="error" role="alert">
            {t('webhooks.create.noEvents')}
          </Notice>
        )}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('webhooks.create.adding') : t('webhooks.create.submit')}
        </Button>
      </form>

      <h2>{t('webhooks.list.heading')}</h2>
      {(remove.error || enable.error) && (
        <Notice tone="error" role="alert">
          {(remove.error ?? enable.error)!.message}
        </Notice>
      )}
      {webhooks.isPending ? (
        <Loading />
      ) : webhooks.isError ? (
        <PageState title={t('webhooks.list.loadFailed')}>
          <p>{webhooks.error.message}</p>
        </PageState>
      ) : webhooks.data.webhooks.length === 0 ? (
        <PageState title={t('webhooks.list.empty')}>
          <p>{t('webhooks.list.emptyHint')}</p>
        </PageState>
      ) : (
        <>
          <TableFrame>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('webhooks.list.endpoint')}</th>
                  <th scope="col">{t('webhooks.list.events')}</th>
                  <th scope="col">{t('webhooks.list.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('webhooks.list.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {webhooks.data.webhooks.map((webhook) => (
                  <tr key={webhook.id}>
                    <td className={styles.url}>{webhook.url}</td>
                    <td>{webhook.events.join(', ')}</td>
                    <td>
                      {webhook.state === 'disabled'
                        ? webhook.disabled_at
                          ? t('webhooks.list.disabledAt', { at: dateTime(webhook.disabled_at) })
                          : t('webhooks.list.disabled')
                        : webhook.failing_since
                          ? t('webhooks.list.failingSince', { at: dateTime(webhook.failing_since) })
                          : t('webhooks.list.active')}
                    </td>
                    <td>
                      <div className={styles.actions}>
                        <Button
                          variant="secondary"
                          aria-expanded={shown === webhook.id}
                          aria-label={t('webhooks.deliveries.heading', { url: webhook.url })}
                          onClick={() => setShown(shown === webhook.id ? null : webhook.id)}
                        >
                          {t('webhooks.list.deliveries')}
                        </Button>
                        {webhook.state === 'disabled' && (
                          <Button
                            aria-label={t('webhooks.list.enableLabel', { url: webhook.url })}
                            onClick={() => enable.mutate(webhook.id)}
                          >
                            {t('webhooks.list.enable')}
                          </Button>
                        )}
                        <Button
                          variant="danger"
                          aria-label={t('webhooks.list.deleteLabel', { url: webhook.url })}
                          onClick={() => setDeleting({ id: webhook.id, url: webhook.url })}
                        >
                          {t('webhooks.list.delete')}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          {webhooks.data.webhooks
            .filter((webhook) => webhook.id === shown)
            .map((webhook) => (
              <Deliveries key={webhook.id} webhook={webhook} />
            ))}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('webhooks.delete.title')}
        confirmLabel={t('webhooks.delete.confirm')}
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) {
            if (shown === deleting.id) setShown(null);
            remove.mutate(deleting.id);
          }
          setDeleting(null);
        }}
      >
        <p>{t('webhooks.delete.body', { url: deleting?.url ?? '' })}</p>
      </ConfirmDialog>
    </>
  );
}
