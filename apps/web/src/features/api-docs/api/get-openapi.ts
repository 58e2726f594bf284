import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OpenApiDocument } from '../lib/openapi.ts';

// Only the outline is checked; the docs pages read the rest defensively.
const openApiOutline = z.looseObject({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

export function getOpenApi(signal?: AbortSignal): Promise<OpenApiDocument> {
  return apiRequest('/openapi.json', { schema: openApiOutline, signal }) as Promise<OpenApiDocument>;
}

export const openApiQueryOptions = () =>
  queryOptions({ queryKey: ['openapi'], queryFn: ({ signal }) => getOpenApi(signal), staleTime: Infinity });

export function useOpenApi() {
  return useQuery(openApiQueryOptions());
}
