import { describe, expect, it } from 'vitest';
import { diffChanges, timelineEvent, timelineQuery, timelineSort, timelineSortLabels } from './timeline.ts';

describe('diffChanges', () => {
  it('records old and new values of the fields that differ', () => {
    expect(diffChanges({ name: 'Acme', city: 'Austin', size: 3 }, { name: 'Acme Capital', city: 'Austin' })).toEqual({
      name: { old: 'Acme', new: 'Acme Capital' },
    });
  });

  it('returns nothing when nothing changed', () => {
    expect(diffChanges({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toEqual({});
    expect(diffChanges({ a: 1 }, {})).toEqual({});
  });

  it('skips fields left undefined in the update', () => {
    expect(diffChanges({ a: 1, b: 2 }, { a: undefined, b: 3 })).toEqual({ b: { old: 2, new: 3 } });
  });

  it('records a field cleared to null', () => {
    expect(diffChanges<{ phone: string | null }>({ phone: '555' }, { phone: null })).toEqual({ phone: { old: '555', new: null } });
  });

  it('reads a missing old value as null, and null to null as no change', () => {
    expect(diffChanges<Record<string, unknown>>({}, { phone: '555' })).toEqual({ phone: { old: null, new: '555' } });
    expect(diffChanges<Record<string, unknown>>({}, { phone: null })).toEqual({});
  });

  it('compares nested values deeply, ignoring key order', () => {
    const before = { address: { city: 'Austin', zip: '78701' }, tags: ['a', 'b'] };
    expect(diffChanges(before, { address: { zip: '78701', city: 'Austin' }, tags: ['a', 'b'] })).toEqual({});
    expect(diffChanges(before, { tags: ['b', 'a'] })).toEqual({ tags: { old: ['a', 'b'], new: ['b', 'a'] } });
    expect(diffChanges(before, { address: { city: 'Dallas', zip: '78701' } })).toEqual({
      address: { old: before.address, new: { city: 'Dallas', zip: '78701' } },
    });
  });

  it('compares dates by their instant', () => {
    const at = new Date('2024-01-01T00:00:00Z');
    expect(diffChanges({ at }, { at: new Date(at.getTime()) })).toEqual({});
    expect(Object.keys(diffChanges({ at }, { at: new Date('2024-01-02T00:00:00Z') }))).toEqual(['at']);
  });

  it('tells 0, false, empty text and null apart', () => {
    expect(Object.keys(diffChanges<Record<string, unknown>>({ a: 0, b: false, c: '' }, { a: false, b: null, c: null }))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('timelineQuery', () => {
  it('defaults to the first page of 20, newest first', () => {
    expect(timelineQuery.parse({})).toEqual({ page: 1, limit: 20, sort: 'createdAt', direction: 'desc' });
  });

  it('trims the search and rejects unknown sorts', () => {
    expect(timelineQuery.parse({ search: '  invite ' }).search).toBe('invite');
    expect(timelineQuery.safeParse({ sort: 'message' }).success).toBe(false);
    expect(timelineQuery.safeParse({ direction: 'up' }).success).toBe(false);
    expect(timelineQuery.safeParse({ search: 'x'.repeat(201) }).success).toBe(false);
  });

  it('labels every sort', () => {
    expect(Object.keys(timelineSortLabels).sort()).toEqual([...timelineSort.options].sort());
  });
});

describe('timelineEvent', () => {
  const event = {
    _id: '65a1f0c2e4b0a1b2c3d4e5f6',
    type: 'update',
    entity: '65a1f0c2e4b0a1b2c3d4e5f7',
    entityType: 'individual-profile',
    message: 'Profile updated',
    user: null,
    userName: null,
    meta: { change: { firstname: { old: 'Ana', new: 'Anna' } } },
    refs: [{ entity: '65a1f0c2e4b0a1b2c3d4e5f8', entityType: 'user' }],
    createdAt: '2024-01-01T00:00:00.000Z',
  };

  it('carries change and delete metadata', () => {
    expect(timelineEvent.parse(event)).toEqual(event);
    expect(timelineEvent.parse({ ...event, type: 'delete', meta: { delete: { name: 'x' }, reason: 'cleanup' } }).meta).toEqual({
      delete: { name: 'x' },
      reason: 'cleanup',
    });
  });

  it('rejects unknown event and entity types', () => {
    expect(timelineEvent.safeParse({ ...event, type: 'explode' }).success).toBe(false);
    expect(timelineEvent.safeParse({ ...event, entityType: 'spaceship' }).success).toBe(false);
  });
});
