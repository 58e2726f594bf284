import type { z } from 'zod';

/** The first message per field path ('classes.0.name') of a failed parse, for showing under the inputs. */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}
