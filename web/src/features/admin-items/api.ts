import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminItemQuery, adminKeys, adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';

export function useAdminItems(query: AdminItemQuery) {
  return useQuery({
    queryKey: adminKeys.items(query),
    queryFn: () => adminOk(api.GET('/api/admin/items', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

export function useAdminItem(id: number) {
  return useQuery({
    queryKey: adminKeys.item(id),
    queryFn: () => adminOk(api.GET('/api/admin/items/{id}', { params: { path: { id } } })),
  });
}

export function useCategories() {
  return useQuery({
    queryKey: adminKeys.categories,
    queryFn: () => adminOk(api.GET('/api/admin/categories')),
  });
}

export function useTags() {
  return useQuery({
    queryKey: adminKeys.tags,
    queryFn: () => adminOk(api.GET('/api/admin/tags')),
  });
}

/** After any item write: the lists, the item, and the storefront's copies are stale. */
function useInvalidateItems() {
  const client = useQueryClient();
  return () => {
    client.invalidateQueries({ queryKey: ['/api/admin/items'] });
    client.invalidateQueries({ queryKey: ['/api/items'] });
  };
}

export type Lifecycle = 'publish' | 'unpublish' | 'mark-sold' | 'release';

export function useLifecycle() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: Lifecycle }) => {
      const path = { params: { path: { id } } };
      switch (action) {
        case 'publish':
          return adminOk(api.POST('/api/admin/items/{id}/publish', path));
        case 'unpublish':
          return adminOk(api.POST('/api/admin/items/{id}/unpublish', path));
        case 'mark-sold':
          return adminOk(api.POST('/api/admin/items/{id}/mark-sold', path));
        case 'release':
          return adminOk(api.POST('/api/admin/items/{id}/release', path));
      }
    },
    onSettled: invalidate,
  });
}

export function useDeleteItem() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: (id: number) =>
      adminOk(api.DELETE('/api/admin/items/{id}', { params: { path: { id } } })),
    onSettled: invalidate,
  });
}

export interface ItemEdit {
  title?: string;
  description?: string;
  price_cents?: number;
  category_id?: number | null;
  tag_ids?: number[];
}

export function useUpdateItem(id: number) {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: (body: ItemEdit) =>
      adminOk(api.PATCH('/api/admin/items/{id}', { params: { path: { id } }, body })),
    onSettled: invalidate,
  });
}

export function useCreateTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => adminOk(api.POST('/api/admin/tags', { body: { name } })),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.tags }),
  });
}

function photoForm(files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('photos', file);
  return form;
}

/** Photo writes: multipart goes through the same typed client, the body passed as is. */
export function usePhotos(id: number) {
  const invalidate = useInvalidateItems();
  const path = { params: { path: { id } } };
  const options = { onSettled: invalidate };
  return {
    add: useMutation({
      mutationFn: (files: File[]) =>
        adminOk(
          api.POST('/api/admin/items/{id}/images', {
            ...path,
            body: photoForm(files) as never,
            bodySerializer: (body: unknown) => body as FormData,
          }),
        ),
      ...options,
    }),
    replace: useMutation({
      mutationFn: ({ imageId, file }: { imageId: number; file: File }) =>
        adminOk(
          api.PUT('/api/admin/items/{id}/images/{image_id}', {
            params: { path: { id, image_id: imageId } },
            body: photoForm([file]) as never,
            bodySerializer: (body: unknown) => body as FormData,
          }),
        ),
      ...options,
    }),
    remove: useMutation({
      mutationFn: (imageId: number) =>
        adminOk(
          api.DELETE('/api/admin/items/{id}/images/{image_id}', {
            params: { path: { id, image_id: imageId } },
          }),
        ),
      ...options,
    }),
    reorder: useMutation({
      mutationFn: (imageIds: number[]) =>
        adminOk(
          api.PUT('/api/admin/items/{id}/images/order', { ...path, body: { image_ids: imageIds } }),
        ),
      ...options,
    }),
    restore: useMutation({
      mutationFn: (imageId: number) =>
        adminOk(
          api.POST('/api/admin/items/{id}/images/{image_id}/restore-original', {
            params: { path: { id, image_id: imageId } },
          }),
        ),
      ...options,
    }),
  };
}
