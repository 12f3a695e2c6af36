import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOk } from '../../lib/admin-api';
import { api } from '../../lib/api-client';
import type { components, paths } from '../../lib/api-types';

export type Draft = components['schemas']['Draft'];
export type DraftState = Draft['state'];

/** Which drafts by their item: the inbox (still pending), the ones that moved on, or all. */
export type DraftItems = 'pending' | 'moved-on' | 'all';

export function useDrafts(state: DraftState | undefined, items: DraftItems) {
  return useQuery({
    queryKey: ['/api/admin/drafts', state ?? 'all', items],
    // A work queue that changes behind the page (the worker drafts, an item is published
    // in the editor): read afresh on every visit, never from a 30-second-old cache.
    staleTime: 0,
    queryFn: () =>
      adminOk(
        api.GET('/api/admin/drafts', {
          params: {
            query: {
              limit: 24,
              ...(state ? { state } : {}),
              ...(items === 'all' ? {} : { item_pending: items === 'pending' }),
            },
          },
        }),
      ),
  });
}

export type DraftAction = 'accept' | 'rerun' | 'dismiss';
/** Per field: true takes the suggestion, a value is the owner's edit. */
export type AcceptEdits = NonNullable<
  paths['/api/admin/drafts/{id}/accept']['post']['requestBody']
>['content']['application/json'];

export function useDraftAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      edits,
    }: {
      id: number;
      action: DraftAction;
      edits?: AcceptEdits;
    }) => {
      const path = { params: { path: { id } } };
      if (action === 'accept')
        return adminOk(
          api.POST('/api/admin/drafts/{id}/accept', {
            ...path,
            body: edits ?? {
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
