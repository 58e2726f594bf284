import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { isOneOf, toSearch, useListParams } from './list-params.ts';

describe('toSearch', () => {
  it('writes the set values and leaves out undefined, null, empty text and empty lists', () => {
    expect(toSearch({ page: 2, search: 'ada lovelace', role: undefined, status: null, tag: '', ids: [] })).toBe(
      '?page=2&search=ada+lovelace',
    );
  });

  it('sends a list comma-separated and nothing at all for an empty query', () => {
    expect(toSearch({ types: ['pdf', 'png'] })).toBe('?types=pdf%2Cpng');
    expect(toSearch({})).toBe('');
  });
});

describe('isOneOf', () => {
  it('is true only for one of the values', () => {
    const roles = ['owner', 'member'] as const;
    expect(isOneOf(roles, 'owner')).toBe(true);
    expect(isOneOf(roles, 'admin')).toBe(false);
    expect(isOneOf(roles, null)).toBe(false);
    expect(isOneOf(roles, undefined)).toBe(false);
  });
});

describe('useListParams', () => {
  function Filters() {
    const list = useListParams();
    return (
      <button
        type="button"
        onClick={() => {
          // Two changes in one event: the second is made before the first has rendered.
          list.setSearchText('ada');
          list.setFilter('status', 'approved');
        }}
      >
        Both
      </button>
    );
  }

  it('keeps every change made before the address renders, each built on the last one', async () => {
    const { router, user } = renderRoutes([{ path: '/list', element: <Filters /> }], { initialEntries: ['/list?view=review'] });
    await user.click(await screen.findByRole('button', { name: 'Both' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=review&search=ada&status=approved'));
  });
});
