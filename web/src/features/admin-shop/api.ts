import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminOk } from '../../lib/admin-api';
import { ApiError, api } from '../../lib/api-client';
import type { paths } from '../../lib/api-types';
import { keys } from '../../lib/queries';
import type { PageSlug } from '../pages/api';
import type { PageLanguage } from './PageLanguageChoice';

export type ShopSettingsChange =
  paths['/api/admin/shop']['put']['requestBody']['content']['application/json'];
const settingsKey = ['/api/admin/shop'] as const;

export function useAdminShop() {
  return useQuery({ queryKey: settingsKey, queryFn: () => adminOk(api.GET('/api/admin/shop')) });
}

/** Saving changes what every page shows: the public settings are read again. */
export function useSaveShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettingsChange) => adminOk(api.PUT('/api/admin/shop', { body })),
    onSuccess: (data) => {
      client.setQueryData(settingsKey, data);
      client.invalidateQueries({ queryKey: keys.shop });
    },
  });
}

export function useSaveLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) => {
      if (!file) return adminOk(api.DELETE('/api/admin/shop/logo'));
      const form = new FormData();
      form.append('photos', file);
      return adminOk(
        api.PUT('/api/admin/shop/logo', {
          // The photo form: multipart, built by the browser.
          body: form as never,
          bodySerializer: (body: unknown) => body as FormData,
        }),
      );
    },
    onSuccess: (data) => {
      client.setQueryData(settingsKey, data);
      client.invalidateQueries({ queryKey: keys.shop });
    },
  });
}

/** A page with its Markdown in a language (null: the shop's); null before its first save (404). */
export function useAdminPage(slug: PageSlug, language: PageLanguage | null = null) {
  return useQuery({
    queryKey: ['/api/admin/pages', slug, language],
    queryFn: async () => {
      try {
        return await adminOk(
          api.GET('/api/admin/pages/{slug}', {
            params: { path: { slug }, query: language ? { language } : {} },
          }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useSavePage(slug: PageSlug, language: PageLanguage | null = null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; body_markdown: string }) =>
      adminOk(
        api.PUT('/api/admin/pages/{slug}', {
          params: { path: { slug }, query: language ? { language } : {} },
          body,
        }),
      ),
    onSuccess: (data) => {
      client.setQueryData(['/api/admin/pages', slug, language], data);
      // The shop's language and a named one may be the same version.
      client.invalidateQueries({ queryKey: ['/api/admin/pages', slug] });
      client.invalidateQueries({ queryKey: keys.shop });
      client.invalidateQueries({ queryKey: ['/api/pages', slug] });
    },
  });
}
