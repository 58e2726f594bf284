import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSession } from '../lib/session/use-session.ts';
import { TenantThemeProvider } from '../components/tenant-theme-provider.tsx';
import { useTenant } from '../lib/tenant/use-tenant.ts';
import { queryClient } from '../lib/query-client.ts';
import { ToastProvider } from '../lib/toast.tsx';
import { PageLoader } from './page-loader.tsx';

/** §1: nothing renders until the tenant is known, so its branding applies from the first paint. */
function TenantBootstrap({ children }: { children: ReactNode }) {
  const { branding, isLoading } = useTenant();
  const { tenantMember } = useSession();
  if (isLoading) return <PageLoader />;
  return (
    <TenantThemeProvider branding={branding} preferredMode={tenantMember?.preferences.themeMode}>
      <ToastProvider>{children}</ToastProvider>
    </TenantThemeProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TenantBootstrap>{children}</TenantBootstrap>
    </QueryClientProvider>
  );
}
