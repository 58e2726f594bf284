/**
 * A query string from the set values of a list query: `?a=1&b=x`, leaving out empty values (undefined, null, '' and
 * empty lists); a list is sent comma-separated.
 */
export function toSearch(q: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether `v` (an address parameter or a grid field) is one of an enumeration's values. */
export const isOneOf = <T extends string>(values: readonly T[], v: string | null | undefined): v is T =>
  v != null && (values as readonly string[]).includes(v);
