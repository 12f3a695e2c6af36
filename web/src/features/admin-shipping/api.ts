import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import type { paths } from '../../lib/api-types';

export type ShippingSettings =
  paths['/api/admin/shipping']['get']['responses'][200]['content']['application/json'];

const key = ['/api/admin/shipping'] as const;

export function useShipping() {
  return useQuery({ queryKey: key, queryFn: () => adminOk(api.GET('/api/admin/shipping')) });
}

export function useSaveShipping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingSettings) => adminOk(api.PUT('/api/admin/shipping', { body })),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
