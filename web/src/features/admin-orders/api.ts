import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import type { paths } from '../../lib/api-types';

export type AdminOrder =
  paths['/api/admin/orders/{id}']['get']['responses'][200]['content']['application/json'];
export type OrderState = AdminOrder['state'];
export type OrderQuery = NonNullable<paths['/api/admin/orders']['get']['parameters']['query']>;

const ORDERS = '/api/admin/orders';

export function useAdminOrders(query: OrderQuery) {
  return useQuery({
    queryKey: [ORDERS, query],
    queryFn: () => adminOk(api.GET('/api/admin/orders', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: number) {
  return useQuery({
    queryKey: [ORDERS, id],
    queryFn: () => adminOk(api.GET('/api/admin/orders/{id}', { params: { path: { id } } })),
  });
}

/** What the owner can do to an order; the server decides whether the state allows it. */
export type OrderAction =
  | { kind: 'mark-paid' }
  | { kind: 'ship'; carrier: string; tracking_reference: string }
  | { kind: 'deliver' }
  | { kind: 'cancel'; reason: string }
  | {
      kind: 'refund';
      item_ids: number[];
      include_shipping: boolean;
      restock: 'available' | 'pending';
    };

function send(id: number, action: OrderAction) {
  const path = { params: { path: { id } } };
  switch (action.kind) {
    case 'mark-paid':
      return adminOk(api.POST('/api/admin/orders/{id}/mark-paid', path));
    case 'deliver':
      return adminOk(api.POST('/api/admin/orders/{id}/deliver', path));
    case 'ship': {
      const { carrier, tracking_reference } = action;
      return adminOk(
        api.POST('/api/admin/orders/{id}/ship', { ...path, body: { carrier, tracking_reference } }),
      );
    }
    case 'cancel':
      return adminOk(
        api.POST('/api/admin/orders/{id}/cancel', { ...path, body: { reason: action.reason } }),
      );
    case 'refund': {
      const { kind: _, ...body } = action;
      return adminOk(api.POST('/api/admin/orders/{id}/refund', { ...path, body }));
    }
  }
}

/**
 * One state change. The answer is the changed order, so the detail shows it at once;
 * the lists, and the item views (a cancel puts items back on sale), are stale after.
 */
export function useOrderAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => send(id, action),
    onSuccess: (order) => client.setQueryData([ORDERS, id], order),
    onSettled: (_order, _error, action) => {
      client.invalidateQueries({ queryKey: [ORDERS] });
      // A cancel or a refund puts items back on sale (or to pending).
      if (action.kind === 'cancel' || action.kind === 'refund') {
        client.invalidateQueries({ queryKey: ['/api/admin/items'] });
        client.invalidateQueries({ queryKey: ['/api/items'] });
      }
    },
  });
}
