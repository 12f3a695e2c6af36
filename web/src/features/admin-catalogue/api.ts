import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys, adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';

export function useCategoryTree() {
  return useQuery({
    queryKey: adminKeys.categories,
    queryFn: () => adminOk(api.GET('/api/admin/categories')),
  });
}

export function useTagList() {
  return useQuery({ queryKey: adminKeys.tags, queryFn: () => adminOk(api.GET('/api/admin/tags')) });
}

/** Categories and tags also shape the storefront's filters: those are stale after a write. */
function useInvalidate(key: readonly string[]) {
  const client = useQueryClient();
  return () => {
    client.invalidateQueries({ queryKey: key });
    client.invalidateQueries({ queryKey: ['/api/filters'] });
  };
}

export function useCategoryWrites() {
  const onSettled = useInvalidate(adminKeys.categories);
  return {
    create: useMutation({
      mutationFn: (body: { name: string; parent_id?: number | null }) =>
        adminOk(api.POST('/api/admin/categories', { body })),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: { id: number; name?: string; parent_id?: number | null }) =>
        adminOk(api.PATCH('/api/admin/categories/{id}', { params: { path: { id } }, body })),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        adminOk(api.DELETE('/api/admin/categories/{id}', { params: { path: { id } } })),
      onSettled,
    }),
  };
}

export function useTagWrites() {
  const onSettled = useInvalidate(adminKeys.tags);
  return {
    create: useMutation({
      mutationFn: (name: string) => adminOk(api.POST('/api/admin/tags', { body: { name } })),
      onSettled,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) =>
        adminOk(api.PATCH('/api/admin/tags/{id}', { params: { path: { id } }, body: { name } })),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        adminOk(api.DELETE('/api/admin/tags/{id}', { params: { path: { id } } })),
      onSettled,
    }),
  };
}
