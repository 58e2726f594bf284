import { screen, within } from '@testing-library/react';
import { PROMO_LINK_ERROR } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { BrandingMessagingPage } from './messaging-form.tsx';
import { makeTenantPublic } from './branding.test-helpers.ts';

afterEach(() => vi.unstubAllGlobals());

const PATH = `/api/v1/tenant/${TENANT_ID}/branding/messaging`;
const CARD = {
  _id: 'c'.repeat(24),
  title: 'Finish your passport',
  body: 'Five minutes.',
  buttons: [{ label: 'Open', url: '/user' }],
  hidden: false,
};

function setup() {
  const fetchMock = mockFetch((path, init) => {
    if (init?.method === 'PUT' && path === PATH)
      return jsonResponse({ data: makeTenantPublic({ messaging: JSON.parse(String(init.body)) as never }) });
    return jsonResponse({ data: makeTenantPublic({ messaging: { welcomeTitle: 'Welcome', welcomeText: 'Hello', promoCards: [CARD] } }) });
  });
  const rendered = renderRoutes([{ path: '/tenant/branding/messaging', element: <BrandingMessagingPage /> }], {
    initialEntries: ['/tenant/branding/messaging'],
  });
  return { ...rendered, fetchMock };
}

describe('Messaging editor', () => {
  it('edits the welcome text, adds, reorders and hides cards with buttons, and saves', async () => {
    const { user, fetchMock } = setup();
    const title = await screen.findByRole('textbox', { name: 'Welcome title' });
    await user.clear(title);
    await fill(user, title, 'Welcome to Acme');

    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const second = screen.getByRole('region', { name: 'Promo card 2' });
    await fill(user, within(second).getByRole('textbox', { name: 'Title' }), 'Meet the team');
    await user.click(within(second).getByRole('button', { name: 'Add button' }));
    await fill(user, within(second).getByRole('textbox', { name: 'Button 1 label' }), 'Visit');
    await fill(user, within(second).getByRole('textbox', { name: 'Button 1 link' }), 'https://acme.example');
    await user.click(within(second).getByRole('button', { name: 'Add button' }));
    expect(within(second).getByRole('button', { name: 'Add button' })).toBeDisabled();
    await user.click(within(second).getByRole('button', { name: 'Remove button 2' }));
    await user.click(within(second).getByRole('button', { name: 'Move card 2 up' }));
    // The first card is now the new one; hide the old one (now second).
    await user.click(within(screen.getByRole('region', { name: 'Promo card 2' })).getByRole('switch', { name: 'Shown' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Branding updated')).toBeInTheDocument();
    const [sent] = sentBodies(fetchMock, PATH) as {
      welcomeTitle: string;
      promoCards: { _id: string; title: string; hidden: boolean; buttons: unknown[] }[];
    }[];
    expect(sent!.welcomeTitle).toBe('Welcome to Acme');
    expect(sent!.promoCards.map((c) => [c.title, c.hidden])).toEqual([
      ['Meet the team', false],
      ['Finish your passport', true],
    ]);
    expect(sent!.promoCards[0]!._id).toMatch(/^[0-9a-f]{24}$/);
    expect(sent!.promoCards[0]!.buttons).toEqual([{ label: 'Visit', url: 'https://acme.example' }]);
  }, 30_000);

  it('refuses an empty card title and a link without /, http(s) or mailto, sending nothing', async () => {
    const { user, fetchMock } = setup();
    await screen.findByRole('textbox', { name: 'Welcome title' });
    const card = screen.getByRole('region', { name: 'Promo card 1' });
    await user.clear(within(card).getByRole('textbox', { name: 'Title' }));
    const link = within(card).getByRole('textbox', { name: 'Button 1 link' });
    await user.clear(link);
    await fill(user, link, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText(PROMO_LINK_ERROR)).toBeInTheDocument();
    expect(sentBodies(fetchMock, PATH)).toHaveLength(0);
  }, 20_000);

  it('allows at most six cards', async () => {
    const { user } = setup();
    const add = await screen.findByRole('button', { name: 'Add card' });
    for (let i = 0; i < 5; i++) await user.click(add);
    expect(screen.getAllByRole('region', { name: /^Promo card/ })).toHaveLength(6);
    expect(add).toBeDisabled();
  }, 20_000);
});
