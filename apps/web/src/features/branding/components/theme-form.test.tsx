import { fontFamily } from '@tessera/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDocumentStyles } from '../../../test/document-styles.tsx';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { makeTenantPublic } from './branding.test-helpers.ts';
import { BrandingThemePage } from './theme-form.tsx';

// The preview's colours and fonts are MUI's styles.
withDocumentStyles();

afterEach(() => vi.unstubAllGlobals());

/**
 * With MUI's styles in jsdom each test takes ~2 s alone; one timed out at the suite's 20 s with the web suite at load
 * average 4.7 (session 32). A timeout for a busy machine, not a wait: each step still waits on what is on screen.
 */
const SLOW_MS = 45_000;

const THEME_PATH = `/api/v1/tenant/${TENANT_ID}/branding/theme`;

function setup(put: (body: unknown) => Response = (body) => jsonResponse({ data: makeTenantPublic({ theme: body as never }) })) {
  const fetchMock = mockFetch((path, init) => {
    if (init?.method === 'PUT' && path === THEME_PATH) return put(JSON.parse(String(init.body)));
    if (path === `/api/v1/tenant/${TENANT_ID}/public`) return jsonResponse({ data: makeTenantPublic() });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const rendered = renderRoutes([{ path: '/tenant/branding/theme', element: <BrandingThemePage /> }], {
    initialEntries: ['/tenant/branding/theme'],
  });
  return { ...rendered, fetchMock };
}

const previewButton = () => within(screen.getByTestId('theme-preview')).getByRole('button', { name: 'Primary' });

describe('Theme form', { timeout: SLOW_MS }, () => {
  it('shows the saved theme, and the live preview follows the edited primary colour', async () => {
    const { user } = setup();
    const primary = await screen.findByRole('textbox', { name: 'Primary' });
    expect(primary).toHaveValue('#1A3A65');
    expect(previewButton()).toHaveStyle({ '--variant-containedBg': '#1A3A65' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(primary);
    await fill(user, primary, '#AA3300');
    expect(previewButton()).toHaveStyle({ '--variant-containedBg': '#AA3300' });

    // The dark tab edits the other palette, and the preview switches mode.
    await user.click(screen.getByRole('tab', { name: 'Dark' }));
    expect(screen.getByRole('textbox', { name: 'Primary' })).toHaveValue('#8FB3E0');
    expect(within(screen.getByTestId('theme-preview')).getByText('Preview · Dark mode')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(screen.getByRole('tab', { name: 'Light' }));
    expect(screen.getByRole('textbox', { name: 'Primary' })).toHaveValue('#1A3A65');
  });

  it('refuses a colour that is not a hex value, keeping the preview on the saved one and sending nothing', async () => {
    const { user, fetchMock } = setup();
    const primary = await screen.findByRole('textbox', { name: 'Primary' });
    await user.clear(primary);
    await fill(user, primary, 'red');
    expect(await screen.findByText('Colour must be a hex value like #1A3A65')).toBeInTheDocument();
    expect(previewButton()).toHaveStyle({ '--variant-containedBg': '#1A3A65' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentBodies(fetchMock, THEME_PATH)).toHaveLength(0);
  });

  it('saves the whole theme with the chosen font and toasts "Branding updated"', async () => {
    const { user, fetchMock, queryClient } = setup();
    const primary = await screen.findByRole('textbox', { name: 'Primary' });
    await user.clear(primary);
    await fill(user, primary, '#AA3300');
    await user.click(screen.getByRole('combobox', { name: 'Font family' }));
    const options = screen.getAllByRole('option');
    // Every font that ships (TT Chocolates, never shipped, is no longer offered: issue #17 item 9).
    expect(options.map((o) => o.textContent)).toEqual(fontFamily.options);
    expect(screen.getByRole('option', { name: 'Montserrat' })).toHaveStyle({
      fontFamily: '"Montserrat", "Roboto", "Helvetica Neue", Arial, sans-serif',
    });
    await user.click(screen.getByRole('option', { name: 'Montserrat' }));
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Branding updated')).toBeInTheDocument();
    const [sent] = sentBodies(fetchMock, THEME_PATH) as {
      light: { primary: string };
      fontFamily: string;
      defaultMode: string;
      borderRadius: number;
    }[];
    expect(sent).toMatchObject({ light: { primary: '#AA3300' }, fontFamily: 'Montserrat', defaultMode: 'dark', borderRadius: 4 });
    // The app's own tenant query now holds the saved branding: every page re-themes at once.
    expect(
      queryClient.getQueryData<{ branding: { theme: { fontFamily: string } } }>(['tenant', 'public', TENANT_ID])?.branding.theme.fontFamily,
    ).toBe('Montserrat');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the server message when the save fails', async () => {
    const { user } = setup(() =>
      jsonResponse(
        { error: { type: 'forbidden', name: 'ForbiddenError', message: 'You do not have permission to do this', status: 403 } },
        403,
      ),
    );
    const primary = await screen.findByRole('textbox', { name: 'Primary' });
    await user.clear(primary);
    await fill(user, primary, '#AA3300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    expect(primary).toHaveValue('#AA3300');
  });
});
