import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import type { components } from '../../lib/api-types';

export type Draft = components['schemas']['Draft'];
export type DraftState = Draft['state'];

export function useDrafts(state: DraftState | undefined) {
  return useQuery({
    queryKey: ['/api/admin/drafts', state ?? 'all'],
    queryFn: () =>
      adminOk(
        api.GET('/api/admin/drafts', {
          params: { query: state ? { state, limit: 24 } : { limit: 24 } },
        }),
      ),
  });
}

export type DraftAction = 'accept' | 'rerun' | 'dismiss';

/** Accept takes every suggestion as it is (edits happen in the item editor afterwards). */
export function useDraftAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: DraftAction }) => {
      const path = { params: { path: { id } } };
      if (action === 'accept')
        return adminOk(
          api.POST('/api/admin/drafts/{id}/accept', {
            ...path,
            body: {
              title: true,
              description: true,
              price_cents: true,
              category_id: true,
              tag_ids: true,
            },
          }),
        );
      if (action === 'rerun') return adminOk(api.POST('/api/admin/drafts/{id}/rerun', path));
      return adminOk(api.POST('/api/admin/drafts/{id}/dismiss', path));
    },
    onSettled: () => {
      client.invalidateQueries({ queryKey: ['/api/admin/drafts'] });
      client.invalidateQueries({ queryKey: ['/api/admin/items'] });
    },
  });
}
