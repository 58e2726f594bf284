import { paymentMethod } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKey, billingPath } from './billing-keys.ts';

export const paymentMethodsPath = (tenantId: string, institutionId: string) => `${billingPath(tenantId, institutionId)}/payment-methods`;

/** An institution has a handful of cards: the list comes whole, with or without the list envelope's `meta`. */
const paymentMethodList = z.object({ data: z.array(paymentMethod) });

/** GET …/billing/payment-methods: the institution's cards (brand, last four, expiry; never a number). */
export async function listPaymentMethods(tenantId: string, institutionId: string, signal?: AbortSignal) {
  const body = await apiRequest(paymentMethodsPath(tenantId, institutionId), { schema: paymentMethodList, signal });
  return body.data;
}

export const paymentMethodsQueryOptions = (tenantId: string, institutionId: string) =>
  queryOptions({
    queryKey: [...billingKey(tenantId, institutionId), 'payment-methods'],
    queryFn: ({ signal }) => listPaymentMethods(tenantId, institutionId, signal),
  });

export function usePaymentMethods(tenantId: string, institutionId: string) {
  return useQuery(paymentMethodsQueryOptions(tenantId, institutionId));
}
