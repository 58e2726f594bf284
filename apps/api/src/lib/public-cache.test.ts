import { describe, expect, it } from 'vitest';
import { CompressedCopies, etagOf } from './public-cache.ts';

describe('compressed copies of cached answers', () => {
  const bytes = (n: number) => Buffer.alloc(n, 1);

  it('keeps one copy per ETag and encoding, and forgets the least recently used past the byte bound', () => {
    const copies = new CompressedCopies(100);
    copies.set('"a"', 'br', bytes(40));
    copies.set('"a"', 'gzip', bytes(40));
    expect(copies.get('"a"', 'br')?.length).toBe(40);
    expect(copies.get('"b"', 'br')).toBeUndefined();
    // "a" br was read last: the gzip copy is the oldest, and goes when a third would pass 100 bytes.
    copies.set('"c"', 'br', bytes(40));
    expect(copies.get('"a"', 'gzip')).toBeUndefined();
    expect(copies.get('"a"', 'br')?.length).toBe(40);
    expect(copies.get('"c"', 'br')?.length).toBe(40);
    // Replacing an entry counts its bytes once; a body larger than the bound is not kept.
    copies.set('"c"', 'br', bytes(50));
    expect(copies.get('"a"', 'br')?.length).toBe(40);
    copies.set('"huge"', 'br', bytes(101));
    expect(copies.get('"huge"', 'br')).toBeUndefined();
    expect(copies.get('"c"', 'br')?.length).toBe(50);
  });

  it('is keyed by a hash of the text: a changed answer never finds an old copy', () => {
    expect(etagOf('{"data":[1]}')).not.toBe(etagOf('{"data":[2]}'));
    expect(etagOf('{"data":[1]}')).toBe(etagOf('{"data":[1]}'));
  });
});
