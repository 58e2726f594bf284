/** PostgreSQL's unique_violation (23505): on the error itself, or on its `cause` when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
