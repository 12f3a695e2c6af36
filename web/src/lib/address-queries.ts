import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressDraft } from '../components/address/AddressFields';
import { addressBodyOf } from '../components/address/AddressFields';
import { api, ok } from './api-client';
import type { paths } from './api-types';

/** Saved addresses: the account edits them, the checkout picks one and may save a new one. */
export const addressesKey = ['/api/customers/me/addresses'] as const;

export type SavedAddress =
  paths['/api/customers/me/addresses']['get']['responses'][200]['content']['application/json']['addresses'][number];

/** The most an account keeps (the server refuses the 11th with 409 too_many_addresses). */
export const MAX_SAVED_ADDRESSES = 10;

export function useSavedAddresses(enabled = true) {
  return useQuery({
    queryKey: addressesKey,
    queryFn: () => ok(api.GET('/api/customers/me/addresses')),
    enabled,
  });
}

export function useCreateAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: AddressDraft) =>
      ok(api.POST('/api/customers/me/addresses', { body: addressBodyOf(draft) })),
    onSettled: () => client.invalidateQueries({ queryKey: addressesKey }),
  });
}
