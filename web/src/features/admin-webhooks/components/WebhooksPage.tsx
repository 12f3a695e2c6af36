import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Loading, Notice, PageState } from '../../../components/ui/Feedback';
import { Field } from '../../../components/ui/Field';
import { TableFrame } from '../../../components/ui/TableFrame';
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

/** Every event, with what it tells a receiver (the order the server documents them in). */
const EVENTS: Array<{ type: WebhookEvent; label: string }> = [
  { type: 'item.published', label: 'Item published' },
  { type: 'item.unpublished', label: 'Item unpublished' },
  { type: 'item.reserved', label: 'Item put in a cart' },
  { type: 'item.released', label: 'Item on sale again' },
  { type: 'item.sold', label: 'Item sold' },
  { type: 'order.placed', label: 'Order placed' },
  { type: 'order.paid', label: 'Order paid' },
  { type: 'order.shipped', label: 'Order shipped' },
  { type: 'order.delivered', label: 'Order delivered' },
  { type: 'order.cancelled', label: 'Order cancelled' },
  { type: 'order.refunded', label: 'Order refunded' },
  { type: 'submission.received', label: 'Photos submitted' },
];

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );

type Created = NonNullable<ReturnType<typeof useCreateWebhook>['data']>;

/** The signing secret, shown this once: the receiver needs it to verify each delivery. */
function SecretShownOnce({ webhook, onDone }: { webhook: Created; onDone: () => void }) {
  return (
    <section aria-labelledby="secret-heading" className={styles.panel}>
      <h2 id="secret-heading">Signing secret for {webhook.url}</h2>
      <Notice role="status">
        This secret is shown only now. Give it to the receiving service: it checks each
        delivery&apos;s webhook-signature with it (Standard Webhooks).
      </Notice>
      <label>
        Signing secret
        <input
          readOnly
          value={webhook.secret}
          className={styles.secret}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <div className={styles.actions}>
        <CopyButton text={webhook.secret} label="Copy secret" />
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

/** What happened to each event sent to one endpoint, newest first, with every attempt. */
function Deliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveries(webhook.id);
  const redeliver = useRedeliver(webhook.id);
  if (deliveries.isPending) return <Loading label="Loading deliveries…" />;
  if (deliveries.isError)
    return (
      <Notice tone="error" role="alert">
        {deliveries.error.message}
      </Notice>
    );
  const list = deliveries.data.deliveries;
  return (
    <section aria-label={`Deliveries to ${webhook.url}`} className={styles.panel}>
      <h3>Deliveries to {webhook.url}</h3>
      {redeliver.error && (
        <Notice tone="error" role="alert">
          {redeliver.error.message}
        </Notice>
      )}
      {list.length === 0 ? (
        <p>Nothing sent yet: events appear here as they happen.</p>
      ) : (
        <TableFrame>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Created</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{delivery.event_type}</td>
                  <td>{dateTime(delivery.created_at)}</td>
                  <td>
                    {delivery.state}
                    {delivery.next_attempt_at && delivery.state === 'retrying'
                      ? `, next try ${dateTime(delivery.next_attempt_at)}`
                      : ''}
                  </td>
                  <td>
                    {delivery.attempts.length === 0
                      ? '—'
                      : delivery.attempts.map((attempt) => (
                          <div key={attempt.attempt}>
                            #{attempt.attempt} {dateTime(attempt.at)}:{' '}
                            {attempt.error ?? `HTTP ${attempt.status_code}`} ({attempt.duration_ms}{' '}
                            ms)
                          </div>
                        ))}
                  </td>
                  <td>
                    {(delivery.state === 'delivered' || delivery.state === 'failed') && (
                      <Button
                        variant="secondary"
                        aria-label={`Send again: ${delivery.event_type} of ${dateTime(delivery.created_at)}`}
                        disabled={redeliver.isPending}
                        onClick={() => redeliver.mutate(delivery.id)}
                      >
                        Send again
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
      <h1>Webhooks</h1>
      <p>
        Tell other services (a cross-listing tool, your accounting) the moment something happens in
        the shop: above all, when an item sells, so it can come down everywhere else.
      </p>
      {created && <SecretShownOnce webhook={created} onDone={() => setCreated(null)} />}
      <form
        onSubmit={submit}
        noValidate
        className={styles.form}
        aria-labelledby="create-webhook-heading"
      >
        <h2 id="create-webhook-heading">Add an endpoint</h2>
        {create.error && !urlError && (
          <Notice tone="error" role="alert">
            {create.error.message}
          </Notice>
        )}
        <Field
          label="Endpoint URL"
          name="url"
          type="url"
          required
          placeholder="https://"
          error={urlError}
          hint="An https address on the internet; the shop posts each event there."
        />
        <fieldset className={styles.events}>
          <legend>Events to send</legend>
          {EVENTS.map((event) => (
            <label key={event.type}>
              <input
                type="checkbox"
                name="events"
                value={event.type}
                defaultChecked={event.type === 'item.sold'}
              />{' '}
              {event.label} <small>({event.type})</small>
            </label>
          ))}
        </fieldset>
        {noEvents && (
          <Notice tone="error" role="alert">
            Choose at least one event.
          </Notice>
        )}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </form>

      <h2>Endpoints</h2>
      {(remove.error || enable.error) && (
        <Notice tone="error" role="alert">
          {(remove.error ?? enable.error)!.message}
        </Notice>
      )}
      {webhooks.isPending ? (
        <Loading />
      ) : webhooks.isError ? (
        <PageState title="The webhooks could not be loaded">
          <p>{webhooks.error.message}</p>
        </PageState>
      ) : webhooks.data.webhooks.length === 0 ? (
        <PageState title="No webhooks yet">
          <p>Add an endpoint above to tell another service when items sell.</p>
        </PageState>
      ) : (
        <>
          <TableFrame>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Endpoint</th>
                  <th scope="col">Events</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
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
                        ? `Disabled after a day of failures${webhook.disabled_at ? ` (${dateTime(webhook.disabled_at)})` : ''}`
                        : webhook.failing_since
                          ? `Failing since ${dateTime(webhook.failing_since)}`
                          : 'Active'}
                    </td>
                    <td>
                      <div className={styles.actions}>
                        <Button
                          variant="secondary"
                          aria-expanded={shown === webhook.id}
                          aria-label={`Deliveries to ${webhook.url}`}
                          onClick={() => setShown(shown === webhook.id ? null : webhook.id)}
                        >
                          Deliveries
                        </Button>
                        {webhook.state === 'disabled' && (
                          <Button
                            aria-label={`Enable ${webhook.url}`}
                            onClick={() => enable.mutate(webhook.id)}
                          >
                            Enable
                          </Button>
                        )}
                        <Button
                          variant="danger"
                          aria-label={`Delete ${webhook.url}`}
                          onClick={() => setDeleting({ id: webhook.id, url: webhook.url })}
                        >
                          Delete
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
        title="Delete this webhook endpoint?"
        confirmLabel="Delete endpoint"
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
        <p>
          {deleting?.url} gets no more events, and its delivery log goes with it. Events already
          delivered stay delivered. To receive events there again, add the endpoint anew: it gets a
          new signing secret.
        </p>
      </ConfirmDialog>
    </>
  );
}
