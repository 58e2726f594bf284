import { screen } from '@testing-library/react';
import type { ChatItem } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { AdvisorItem } from './advisor-item.tsx';

const NOW = Date.parse('2026-11-27T09:30:00.000Z');
const item = (timestamp: string): ChatItem => ({
  id: '6745a1c2e4b0a1b2c3d4e903',
  threadId: '6745a1c2e4b0a1b2c3d4e901',
  type: 'message',
  message: 'An answer',
  sender: 'advisor',
  position: 'left',
  status: 'success',
  timestamp,
  prompts: [],
  citations: [],
});

describe('an advisor item’s time', () => {
  it('reads as just past when it is newer than the panel’s clock (a minute tick, or a server a little ahead)', async () => {
    renderRoutes([
      { path: '/', element: <AdvisorItem item={item('2026-11-27T09:30:05.000Z')} now={NOW} onPrompt={() => {}} promptsDisabled={false} /> },
    ]);
    expect(await screen.findByText('a few seconds ago')).toBeInTheDocument();
    expect(screen.queryByText(/^in /)).not.toBeInTheDocument();
  });

  it('reads as a relative time under 7 days and a date from then on', async () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <AdvisorItem item={item('2026-11-25T09:30:00.000Z')} now={NOW} onPrompt={() => {}} promptsDisabled={false} />
            <AdvisorItem
              item={{ ...item('2026-11-19T09:30:00.000Z'), id: '6745a1c2e4b0a1b2c3d4e904' }}
              now={NOW}
              onPrompt={() => {}}
              promptsDisabled={false}
            />
          </>
        ),
      },
    ]);
    expect(await screen.findByText('2 days ago')).toBeInTheDocument();
    expect(screen.getByText('Nov 19, 2026')).toBeInTheDocument();
  });
});
