import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import type { paths } from '../../lib/api-types';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type Webhook = Json<
  paths['/api/admin/webhooks']['get']['responses'][200]
>['webhooks'][number];
export type WebhookEvent = Webhook['events'][number];

const key = ['/api/admin/webhooks'] as const;

export function useWebhooks() {
  return useQuery({ queryKey: key, queryFn: () => adminOk(api.GET('/api/admin/webhooks')) });
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEvent[] }) =>
      adminOk(api.POST('/api/admin/webhooks', { body })),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminOk(api.DELETE('/api/admin/webhooks/{id}', { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useEnableWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminOk(api.POST('/api/admin/webhooks/{id}/enable', { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

const deliveriesKey = (id: number) => ['/api/admin/webhooks/{id}/deliveries', id] as const;

export function useDeliveries(id: number) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () =>
      adminOk(
        api.GET('/api/admin/webhooks/{id}/deliveries', { params: { path: { id }, query: {} } }),
      ),
  });
}

export function useRedeliver(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      adminOk(
        api.POST('/api/admin/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
          params: { path: { id, delivery_id: deliveryId } },
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
