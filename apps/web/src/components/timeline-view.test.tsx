import type { List, TimelineEvent, TimelineQuery } from '@tessera/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TimelineView } from './timeline-view.tsx';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const event = (overrides: Partial<TimelineEvent>): TimelineEvent => ({
  _id: '65a000000000000000000001',
  type: 'update',
  entity: '65a0000000000000000000aa',
  entityType: 'individual-profile',
  message: 'Profile details updated',
  user: '65a0000000000000000000bb',
  userName: 'Jane Doe',
  meta: {},
  refs: [],
  createdAt: hoursAgo(2),
  ...overrides,
});

const events = [
  event({ meta: { change: { firstname: { old: 'Ann', new: 'Anna' } } } }),
  event({
    _id: '65a000000000000000000002',
    type: 'delete',
    entityType: 'gov-photo-id',
    message: 'ID removed',
    userName: null,
    createdAt: '2024-01-05T12:00:00.000Z',
  }),
];

const list = (data: TimelineEvent[], total = data.length): List<TimelineEvent> => ({ data, meta: { page: 1, limit: 20, total } });

function renderTimeline(fetchEvents: (query: TimelineQuery) => Promise<List<TimelineEvent>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TimelineView queryKey={['user', 'u1', 'events']} fetchEvents={fetchEvents} />
    </QueryClientProvider>,
  );
}

const lastQuery = (fetchEvents: ReturnType<typeof vi.fn>) => fetchEvents.mock.lastCall?.[0] as TimelineQuery;

describe('TimelineView', () => {
  it('loads, then lists the events with entity type, user and date', async () => {
    renderTimeline(vi.fn().mockResolvedValue(list(events)));
    expect(screen.getByText('Loading Timeline...')).toBeInTheDocument();
    expect(await screen.findByText('Showing 2 of 2 events')).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Profile details updated');
    expect(within(first!).getByText('Individual Profile')).toBeInTheDocument();
    expect(first).toHaveTextContent('Jane Doe');
    expect(first).toHaveTextContent('2 hours ago');
    expect(second).toHaveTextContent('Gov Photo ID');
    expect(second).toHaveTextContent('System');
    expect(second).toHaveTextContent('Jan 5, 2024');
    expect(within(second!).queryByRole('button', { name: 'Details' })).not.toBeInTheDocument();
  });

  it('asks for page 1 of 20, newest first', async () => {
    const fetchEvents = vi.fn().mockResolvedValue(list(events));
    renderTimeline(fetchEvents);
    await screen.findByText('Showing 2 of 2 events');
    expect(fetchEvents).toHaveBeenCalledWith({ page: 1, limit: 20, sort: 'createdAt', direction: 'desc' });
  });

  it('searches with the typed text once typing pauses', async () => {
    const fetchEvents = vi.fn().mockResolvedValue(list(events));
    renderTimeline(fetchEvents);
    await screen.findByText('Showing 2 of 2 events');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'profile');
    await waitFor(() => expect(lastQuery(fetchEvents)).toMatchObject({ search: 'profile', page: 1 }));
    expect(fetchEvents.mock.calls.filter(([q]) => (q as TimelineQuery).search)).toHaveLength(1);
  });

  it('changes sort and direction', async () => {
    const fetchEvents = vi.fn().mockResolvedValue(list(events));
    renderTimeline(fetchEvents);
    await screen.findByText('Showing 2 of 2 events');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Created', 'Event Type', 'Entity Type', 'User']);
    await userEvent.click(screen.getByRole('option', { name: 'Event Type' }));
    await waitFor(() => expect(lastQuery(fetchEvents)).toMatchObject({ sort: 'type', direction: 'desc' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    await waitFor(() => expect(lastQuery(fetchEvents)).toMatchObject({ sort: 'type', direction: 'asc' }));
    expect(screen.getByRole('button', { name: 'Sort direction: ascending' })).toBeInTheDocument();
  });

  it("says 'No events found' for an empty page", async () => {
    renderTimeline(vi.fn().mockResolvedValue(list([])));
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 events')).toBeInTheDocument();
  });

  it('expands Details to show old and new values', async () => {
    renderTimeline(vi.fn().mockResolvedValue(list(events)));
    await userEvent.click(await screen.findByRole('button', { name: 'Details' }));
    expect(screen.getByText('firstname')).toBeInTheDocument();
    expect(screen.getByRole('deletion')).toHaveTextContent('Ann');
    expect(screen.getByRole('insertion')).toHaveTextContent('Anna');
  });

  it('pages on the server', async () => {
    const fetchEvents = vi.fn().mockResolvedValue(list(events, 45));
    renderTimeline(fetchEvents);
    expect(await screen.findByText('Showing 2 of 45 events')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(lastQuery(fetchEvents)).toMatchObject({ page: 3 }));
  });

  it('shows a capped total as 10,000+ and pages on while pages come back full', async () => {
    const full = Array.from({ length: 20 }, (_, i) => event({ _id: `65a0000000000000000001${String(i).padStart(2, '0')}` }));
    const fetchEvents = vi.fn((query: TimelineQuery) =>
      Promise.resolve<List<TimelineEvent>>({ data: full, meta: { page: query.page, limit: 20, total: 10_000, totalCapped: true } }),
    );
    renderTimeline(fetchEvents);
    expect(await screen.findByText('Showing 20 of 10,000+ events')).toBeInTheDocument();
    // 500 pages within the cap; the last of them has a next one while it comes back full.
    expect(screen.getByRole('button', { name: 'Go to page 500' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 500' }));
    await waitFor(() => expect(lastQuery(fetchEvents)).toMatchObject({ page: 500 }));
    expect(await screen.findByRole('button', { name: 'Go to page 501' })).toBeInTheDocument();
  });

  it("shows the error panel with 'Show more'", async () => {
    const message = 'The events service did not answer in time, please try again later';
    renderTimeline(vi.fn().mockRejectedValue(Object.assign(new Error(message), { name: 'ServiceUnavailableError', status: 503 })));
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Could not load the timeline');
    expect(panel).not.toHaveTextContent(message);
    await userEvent.click(within(panel).getByRole('button', { name: 'Show more' }));
    expect(panel).toHaveTextContent(message);
    expect(panel).toHaveTextContent('ServiceUnavailableError (503)');
  });
});
