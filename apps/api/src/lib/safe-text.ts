/**
 * Text PostgreSQL cannot store: a NUL character (refused in text columns) or an unpaired surrogate (refused in
 * jsonb, mangled in text). Such input is refused up front with a 400 instead of failing in the database with a 500.
 */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string) => !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);

/** The path (`a.b.0`) of the first string in a parsed value that PostgreSQL cannot store, or null. */
export function unstorableTextPath(value: unknown): string | null {
  // Iterative: a body may nest deeper than the call stack allows.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path;
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
