import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { AddressDraft } from '../../components/address/AddressFields';
import { addressBodyOf } from '../../components/address/AddressFields';
import { isLanguage } from '../../i18n';
import { addressesKey } from '../../lib/address-queries';
import {
  ApiError,
  api,
  type Customer,
  fieldErrorOf,
  namesOnlyFields,
  ok,
} from '../../lib/api-client';
import { formatWait } from '../../lib/format';
import { keys } from '../../lib/queries';

/**
 * Wording shown beside the checkboxes and sent verbatim as the consent text (spec 4.1):
 * in the page's language, so what is recorded is what the customer read.
 */
export const marketingConsentText = () => i18next.t('consent.marketing', { ns: 'account' });
export const soldNotificationText = () => i18next.t('consent.soldNotifications', { ns: 'account' });

/** The message for one input field, when the API's refusal names it. */
export const fieldError = fieldErrorOf;

/** A refusal that names no field (or a field the form does not show), for the form's top. */
export function formError(error: unknown, shownFields: string[]): string | undefined {
  if (!error) return undefined;
  if (namesOnlyFields(error, shownFields)) return undefined;
  // 429: how long to wait, in words (the server's generic text only says "a moment").
  if (error instanceof ApiError && error.status === 429 && error.retryAfter)
    return i18next.t('tooManyTries', { ns: 'account', wait: formatWait(error.retryAfter) });
  return error instanceof Error ? error.message : i18next.t('failed', { ns: 'account' });
}

/** After anything that signs someone in or out, everything personal is read again. */
function useSignedInAs() {
  const client = useQueryClient();
  return (customer: Customer | null) => {
    client.setQueryData(keys.me, customer);
    client.removeQueries({ queryKey: keys.cart });
    client.removeQueries({ queryKey: keys.favorites });
  };
}

export function useSignIn() {
  const signedIn = useSignedInAs();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      ok(api.POST('/api/customers/login', { body })),
    onSuccess: signedIn,
  });
}

export function useRegister() {
  const signedIn = useSignedInAs();
  return useMutation({
    mutationFn: (body: {
      email: string;
      password: string;
      first_name: string;
      last_name: string;
      marketing_consent: boolean;
    }) =>
      ok(
        api.POST('/api/customers/register', {
          // The page's language: the verification mail and later mails go in it.
          body: {
            ...body,
            ...(body.marketing_consent ? { marketing_consent_text: marketingConsentText() } : {}),
            ...(isLanguage(i18next.language) ? { language: i18next.language } : {}),
          },
        }),
      ),
    onSuccess: signedIn,
  });
}

export function useSignOut() {
  const signedIn = useSignedInAs();
  return useMutation({
    mutationFn: () => ok(api.POST('/api/customers/logout')),
    onSuccess: () => signedIn(null),
  });
}

export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => ok(api.POST('/api/customers/verify-email', { body: { token } })),
    onSuccess: (customer) => client.setQueryData(keys.me, customer),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => ok(api.POST('/api/customers/resend-verification')),
  });
}

export function useRequestReset() {
  return useMutation({
    mutationFn: (email: string) =>
      ok(api.POST('/api/customers/password-reset/request', { body: { email } })),
  });
}

export function useCompleteReset() {
  const signedIn = useSignedInAs();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      ok(api.POST('/api/customers/password-reset/complete', { body })),
    onSuccess: signedIn,
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      first_name: string;
      last_name: string;
      email: string;
      marketing_consent: boolean;
    }) =>
      ok(
        api.PUT('/api/customers/me', {
          body: body.marketing_consent
            ? { ...body, marketing_consent_text: marketingConsentText() }
            : body,
        }),
      ),
    onSuccess: (customer) => client.setQueryData(keys.me, customer),
  });
}

export function useSoldNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      ok(
        api.PUT('/api/customers/me/sold-notifications', {
          body: { enabled, consent_text: soldNotificationText() },
        }),
      ),
    onSuccess: (customer) => client.setQueryData(keys.me, customer),
  });
}

/** The export as a file the browser saves (the API answers JSON as an attachment). */
export function useExport() {
  return useMutation({
    mutationFn: async () => {
      const data = await ok(api.GET('/api/customers/me/export'));
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = 'my-shop-data.json';
      link.click();
      URL.revokeObjectURL(link.href);
    },
  });
}

/**
 * After the deletion the page is loaded afresh on "your account is deleted": nothing
 * personal stays in memory, and the account page cannot first send a visitor who is
 * now signed out to the sign-in page.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => ok(api.DELETE('/api/customers/me', { body: { password } })),
    onSuccess: () => window.location.replace('/account/deleted'),
  });
}

/** The caller's orders (newest first) and one order, as they were at the sale. */
export function useOrders() {
  return useQuery({
    queryKey: ['/api/customers/me/orders'],
    queryFn: () => ok(api.GET('/api/customers/me/orders')),
  });
}

/** One order; `pollMs` reads it again at that pace (waiting for a payment to be confirmed). */
export function useOrder(id: number, pollMs: number | false = false) {
  return useQuery({
    queryKey: ['/api/customers/me/orders', id],
    queryFn: () => ok(api.GET('/api/customers/me/orders/{id}', { params: { path: { id } } })),
    refetchInterval: pollMs,
  });
}

/**
 * Withdraw from items of an order (issue 34 item 5). The answer is the order with its
 * withdrawal; the order and the list show it at once.
 */
export function useWithdraw(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { item_ids: number[]; reason?: string }) =>
      ok(api.POST('/api/customers/me/orders/{id}/withdraw', { params: { path: { id } }, body })),
    onSuccess: (order) => client.setQueryData(['/api/customers/me/orders', id], order),
    onSettled: () => client.invalidateQueries({ queryKey: ['/api/customers/me/orders'] }),
  });
}

/** The terms and withdrawal policy exactly as accepted with an order (loaded when opened). */
export function useAcceptedPages(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/customers/me/orders', id, 'legal'],
    queryFn: () => ok(api.GET('/api/customers/me/orders/{id}/legal', { params: { path: { id } } })),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Replacing or deleting a saved address; orders already placed keep their own copy. */
export function useUpdateAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: number; draft: AddressDraft }) =>
      ok(
        api.PUT('/api/customers/me/addresses/{id}', {
          params: { path: { id } },
          body: addressBodyOf(draft),
        }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: addressesKey }),
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      ok(api.DELETE('/api/customers/me/addresses/{id}', { params: { path: { id } } })),
    onSettled: () => client.invalidateQueries({ queryKey: addressesKey }),
  });
}
