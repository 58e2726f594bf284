export type Encoding = 'br' | 'gzip' | 'identity';

/** br over gzip over none, from an Accept-Encoding header, honouring a q=0 refusal. */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
