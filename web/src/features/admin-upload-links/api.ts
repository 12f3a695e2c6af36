import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';

const key = ['/api/admin/upload-links'] as const;

export function useUploadLinks() {
  return useQuery({ queryKey: key, queryFn: () => adminOk(api.GET('/api/admin/upload-links')) });
}

export interface NewLink {
  contact_email: string;
  label?: string;
  max_submissions?: number | null;
}

export function useCreateUploadLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLink) => adminOk(api.POST('/api/admin/upload-links', { body })),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeUploadLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminOk(api.POST('/api/admin/upload-links/{id}/revoke', { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
