import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout, AppLayoutFallback } from './layouts/app-layout.tsx';
import { PageLoader } from './page-loader.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootErrorBoundary } from './root-error-boundary.tsx';
import { lazyPage, page } from './routes/lazy-page.ts';
import { marketplacePageRoutes } from './routes/marketplace-pages.tsx';
import { signedInArea } from './routes/signed-in-areas.ts';
import { NotFoundPage } from './routes/not-found.tsx';

/**
 * The public pages. Each page is its own chunk, and each area of the signed-in pages one more (see
 * `createAppRouter`): the sign-in path carries nothing it does not show.
 */
export const pageRoutes: RouteObject[] = [
  page('signin', () => import('../features/auth/components/signin-page.tsx'), 'SigninPage'),
  page('signup', () => import('../features/auth/components/signup-page.tsx'), 'SignupPage'),
  page('signup-complete', () => import('../features/auth/components/signup-complete-page.tsx'), 'SignupCompletePage'),
  page('invite-accept', () => import('../features/auth/components/invite-accept-page.tsx'), 'InviteAcceptPage'),
  page('password-reset/request', () => import('../features/auth/components/password-reset-request-page.tsx'), 'PasswordResetRequestPage'),
  page('password-reset/confirm', () => import('../features/auth/components/password-reset-confirm-page.tsx'), 'PasswordResetConfirmPage'),
  page('terms', () => import('../features/legal/components/terms-page.tsx'), 'TermsPage'),
  page('privacy', () => import('../features/legal/components/privacy-page.tsx'), 'PrivacyPage'),
  // The public check of an accreditation letter: /verify to type a code, /verify/{code} from the letter's QR code.
  page('verify', () => import('../features/certificate-verification/components/verify-certificate-page.tsx'), 'VerifyCertificatePage'),
  // The public check of a signed subscription agreement (issue #20): upload the PDF, see its seal and record.
  page(
    'verify/signature',
    () => import('../features/certificate-verification/components/verify-signature-page.tsx'),
    'VerifySignaturePage',
  ),
  page(
    'verify/:code',
    () => import('../features/certificate-verification/components/verify-certificate-page.tsx'),
    'VerifyCertificatePage',
  ),
  // The evaluator's page (001 §2, issue #19): opened from an e-mailed link, without signing in.
  page('eval-upload', () => import('../features/evaluator/components/eval-upload-page.tsx'), 'EvalUploadPage'),
  {
    path: 'docs',
    lazy: lazyPage(() => import('../features/docs/components/docs-page.tsx'), 'DocsLayout'),
    children: [
      { index: true, lazy: lazyPage(() => import('../features/docs/components/docs-page.tsx'), 'DocsOverview') },
      page('auth', () => import('../features/docs/components/docs-page.tsx'), 'DocsAuth'),
      page('user', () => import('../features/docs/components/docs-page.tsx'), 'DocsUser'),
      page('billing', () => import('../features/docs/components/docs-page.tsx'), 'DocsBilling'),
      page('api-keys', () => import('../features/docs/components/docs-api-keys.tsx'), 'DocsApiKeys'),
      page('webhooks', () => import('../features/docs/components/docs-webhooks.tsx'), 'DocsWebhooks'),
    ],
  },
  ...marketplacePageRoutes,
  // Not lazy: the error boundary shows it too, so it is in the main bundle anyway.
  { path: '*', Component: NotFoundPage },
];

const SIGNED_IN_ID = 'signed-in';

/** The signed-in pages sit under one guard that sends visitors to sign-in and back. */
export function signedInBranch(children: RouteObject[]): RouteObject {
  return { id: SIGNED_IN_ID, element: <RequireAuth />, children };
}

const PAGES_ID = 'pages';

const routes: RouteObject[] = [
  {
    // The built-in identity inquiry (issue #18), framed by the verify-identity screen: outside the main layout, and
    // the one path the server lets this app's own pages frame (CSP frame-ancestors 'self').
    path: 'identity-inquiry',
    errorElement: <RootErrorBoundary />,
    // Opened straight into a frame, its lazy page loads while the router hydrates.
    HydrateFallback: PageLoader,
    children: [
      page('persona-return', () => import('../features/identity-verification/components/persona-return-page.tsx'), 'PersonaReturnPage'),
      {
        // Its own guard, not the signed-in branch: that route id is added once, when the signed-in table loads.
        element: <RequireAuth />,
        children: [
          page(':inquiryId', () => import('../features/identity-verification/components/identity-inquiry-page.tsx'), 'IdentityInquiryPage'),
        ],
      },
    ],
  },
  {
    // Pathless: a path of '/' would match '/' by itself, and the signed-in home would never be asked for.
    element: <AppLayout />,
    errorElement: <RootErrorBoundary />,
    HydrateFallback: AppLayoutFallback,
    // Page errors render inside the layout, so the top bar stays usable.
    children: [{ id: PAGES_ID, errorElement: <RootErrorBoundary />, children: pageRoutes }],
  },
];

/**
 * The router starts with the public table. A path it only matches with the catch-all (every
 * signed-in page) makes React Router ask `patchRoutesOnNavigation`, which loads that path's area of the signed-in
 * pages once (routes/signed-in-areas.ts) and adds it under the signed-in guard; the more specific routes then win
 * over the 404.
 */
export function createAppRouter() {
  /** Each area's table, loaded once (a failed load is asked again on the next navigation there). */
  const loads = new Map<string, Promise<RouteObject[]>>();
  /** The areas added to the routes. */
  const added = new Set<string>();
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, matches, patch, signal }) {
      // React Router asks for dynamic segments too (`/marketplace/offers/:idOrSlug`), in case a more specific route is
      // still to come. None of the signed-in tables' is under a public page, so only the catch-all loads one: an
      // offer's page no longer waits for that chunk (a round trip after the app has run) before its first render.
      if (matches.length > 0 && !matches.some((match) => match.route.path === '*')) return;
      const area = signedInArea(path);
      if (added.has(area.name)) return;
      let load = loads.get(area.name);
      if (!load) {
        load = area.load();
        loads.set(area.name, load);
        // A failed chunk load (a dropped connection, a new deploy) is retried on the next navigation.
        load.catch(() => loads.delete(area.name));
      }
      const children = await load;
      // React Router ignores the patch of a navigation that another has replaced meanwhile (a redirect, a second
      // click): the area is added by the next navigation that asks for it, not marked added and lost.
      if (signal.aborted || added.has(area.name)) return;
      // The guard is added with the first area; the others go under it.
      if (added.size) patch(SIGNED_IN_ID, children);
      else patch(PAGES_ID, [signedInBranch(children)]);
      added.add(area.name);
    },
  });
}
