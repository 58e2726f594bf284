import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_BRANDING } from '@tessera/domain';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { ToastProvider } from '../lib/toast.tsx';
import { tenantContextQueryOptions, type TenantContext } from '../lib/tenant/get-tenant-context.ts';
import { TenantThemeProvider } from '../components/tenant-theme-provider.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { TENANT_ID } from './fixtures.ts';

interface RenderRoutesOptions {
  initialEntries?: InitialEntry[];
  tenant?: Partial<TenantContext>;
}

/** Renders routes in a memory router with the app's providers and a known tenant (no HEAD request). */
export function renderRoutes(routes: RouteObject[], { initialEntries = ['/'], tenant = {} }: RenderRoutesOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(tenantContextQueryOptions().queryKey, { tenantId: TENANT_ID, tenantSlug: null, appType: 'platform', ...tenant });
  const router = createMemoryRouter(routes, { initialEntries });
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={queryClient}>
      <TenantThemeProvider branding={DEFAULT_BRANDING}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </TenantThemeProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient, user };
}

/** Types a whole value at once (a paste): keystroke-by-keystroke typing is slow in jsdom and not what these tests are about. */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
