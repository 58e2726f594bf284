import { errorEnvelope } from '@tessera/domain';
import type { Access } from './access.ts';
import { describeAccess } from './access.ts';

/** The error responses every route may give, documented once. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelope])) as Record<number, typeof errorEnvelope>;
}

/** A route description that says who may call it (shown in the OpenAPI reference). */
export function describe(text: string, access: Access): string {
  return `${text}\n\n**Access:** ${describeAccess(access)}`;
}
