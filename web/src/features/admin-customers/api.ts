import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';

export interface CustomerQuery {
  q?: string;
  status?: 'active' | 'disabled';
  cursor?: string;
}

export function useCustomers(query: CustomerQuery) {
  return useQuery({
    queryKey: ['/api/admin/customers', query],
    queryFn: () => adminOk(api.GET('/api/admin/customers', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: ['/api/admin/customers', id],
    queryFn: () => adminOk(api.GET('/api/admin/customers/{id}', { params: { path: { id } } })),
  });
}

/** Disable or enable; the lists, the customer and item views (released holds) are stale after. */
export function useAccountSwitch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enable }: { id: number; enable: boolean }) =>
      enable
        ? adminOk(api.POST('/api/admin/customers/{id}/enable', { params: { path: { id } } }))
        : adminOk(api.POST('/api/admin/customers/{id}/disable', { params: { path: { id } } })),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['/api/admin/customers'] });
      client.invalidateQueries({ queryKey: ['/api/admin/items'] });
    },
  });
}
