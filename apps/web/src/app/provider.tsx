import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { useSession } from '../features/auth/hooks/use-session.ts';
import { TenantThemeProvider } from '../features/tenant/components/tenant-theme-provider.tsx';
import { useTenant } from '../features/tenant/hooks/use-tenant.ts';
import { queryClient } from '../lib/query-client.ts';
import { PageLoader } from './page-loader.tsx';

/** §9: at most 3 toasts, bottom centre, no duplicates, 200 ms transitions. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} preventDuplicate transitionDuration={200}>
      {children}
    </SnackbarProvider>
  );
}

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
