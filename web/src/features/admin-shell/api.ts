import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../lib/admin-api';
import { ApiError, api, ok } from '../../lib/api-client';

/** The signed-in admin, or null (401 is an answer here, not an error). */
export function useAdminMe() {
  return useQuery({
    queryKey: adminKeys.me,
    queryFn: async () => {
      try {
        return await ok(api.GET('/api/admin/me'));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useAdminSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      ok(api.POST('/api/admin/login', { body })),
    onSuccess: (admin) => client.setQueryData(adminKeys.me, admin),
  });
}

export function useAdminSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.POST('/api/admin/logout')),
    onSettled: () => {
      client.setQueryData(adminKeys.me, null);
      client.removeQueries({
        predicate: (q) =>
          String(q.queryKey[0]).startsWith('/api/admin/') && q.queryKey[0] !== adminKeys.me[0],
      });
    },
  });
}
