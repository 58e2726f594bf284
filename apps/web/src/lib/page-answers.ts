import { PAGE_ANSWERS_ID } from '@tessera/domain';
import type { z } from 'zod';
import { readStoredToken } from './storage.ts';

/**
 * How long after the page started its answers may stand in for a request: the first render's requests are made
 * within moments; past the queries' own staleness (lib/query-client.ts) they would be older than a fetch would allow.
 */
export const PAGE_ANSWERS_MAX_AGE_MS = 30_000;

let answers: Map<string, unknown> | undefined;

function read(doc: Document): Map<string, unknown> {
  const text = doc.getElementById(PAGE_ANSWERS_ID)?.textContent;
  if (!text) return new Map();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? new Map(Object.entries(parsed)) : new Map();
  } catch {
    return new Map();
  }
}

/**
 * The answer the API wrote into the page it served (apps/api page-answers.ts) for GET `path` (under /api/v1, with its
 * query), checked with the schema the fetcher uses; undefined when there is none, it does not check, the page is older
 * than PAGE_ANSWERS_MAX_AGE_MS, or a session is stored (the answers are a signed-out visitor's). Each answer is given
 * once: a later request for the same path goes to the network.
 */
export function takePageAnswer<S extends z.ZodType>(path: string, schema: S, doc: Document = document): z.output<S> | undefined {
  answers ??= read(doc);
  if (!answers.has(path)) return undefined;
  const body = answers.get(path);
  answers.delete(path);
  if (readStoredToken() !== null || performance.now() > PAGE_ANSWERS_MAX_AGE_MS) return undefined;
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** For tests: reads the page again on the next call. */
export function resetPageAnswers(): void {
  answers = undefined;
}
