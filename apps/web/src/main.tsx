// Latin only: each subset file declares its face without a unicode-range, and other scripts fall back per glyph to
// the font stack. The faces the first screen uses are preloaded (vite.config.ts, preloadFonts).
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-600.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { seedTenantBootstrap } from './features/tenant/api/tenant-bootstrap.ts';
import { queryClient } from './lib/query-client.ts';

// Before the first render: with the tenant known, the page paints with its branding without waiting on the API.
seedTenantBootstrap(queryClient);
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
