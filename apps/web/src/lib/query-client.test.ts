import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, forgetOnceUnwatched } from './query-client.ts';

describe('forgetOnceUnwatched', () => {
  it('drops a watched query only when its last watcher goes, without asking for it again', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(async () => ({ name: 'Ada' }));
    const observer = new QueryObserver(client, { queryKey: ['profiles', 'p1'], queryFn });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(client.getQueryData(['profiles', 'p1'])).toEqual({ name: 'Ada' }));
    client.setQueryData(['profiles', 'p1', 'contacts'], []);

    forgetOnceUnwatched(client, ['profiles', 'p1']);
    expect(client.getQueryData(['profiles', 'p1'])).toEqual({ name: 'Ada' });
    stop();
    expect(client.getQueryData(['profiles', 'p1'])).toBeUndefined();
    expect(client.getQueryData(['profiles', 'p1', 'contacts'])).toBeUndefined();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('drops an unwatched query at once', () => {
    const client = createQueryClient();
    client.setQueryData(['profiles', 'p2'], { name: 'Bo' });
    forgetOnceUnwatched(client, ['profiles', 'p2']);
    expect(client.getQueryData(['profiles', 'p2'])).toBeUndefined();
  });
});
