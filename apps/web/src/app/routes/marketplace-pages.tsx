import { Navigate, redirect, type RouteObject } from 'react-router';
import { yieldToBrowser } from '../boot/yield-to-browser.ts';
import { lazyPage, page } from './lazy-page.ts';

/**
 * Loads a page's chunks in two tasks: first its API module, which builds the domain schemas the page's data is
 * checked with (a third of the work of evaluating an offer's page), then, in a later task, the page's components.
 * Evaluated together they made one task of 30–60 ms (four times that on a mid-range phone) before the page rendered.
 */
async function afterSchemas<T>(schemas: () => Promise<unknown>, page: () => Promise<T>): Promise<T> {
  await schemas();
  await yieldToBrowser();
  return page();
}

const offerSchemas = () => import('../../features/marketplace/api/get-marketplace-offer.ts');
const offerPage = () => afterSchemas(offerSchemas, () => import('../../features/marketplace/components/marketplace-offer-page.tsx'));
// A tab's chunk imports the page's: it waits for the schemas too, or its evaluation would take the page's along.
const offerTab = <T,>(tab: () => Promise<T>) => afterSchemas(offerSchemas, tab);
const institutionPage = () => import('../../features/marketplace/components/marketplace-institution-page.tsx');
const institutionTabs = () => import('../../features/marketplace/components/marketplace-institution-tabs.tsx');

/**
 * The public offer and institution pages of the marketplace (001 §2), open to signed-out visitors: each page and
 * each tab is its own chunk, so an offer page's first load carries no more than it shows.
 */
export const marketplacePageRoutes: RouteObject[] = [
  { path: 'marketplace', element: <Navigate to="/marketplace/offers" replace /> },
  {
    path: 'marketplace/offers',
    lazy: () =>
      afterSchemas(
        () => import('../../features/marketplace/api/list-marketplace-offers.ts'),
        () => import('../../features/marketplace/components/marketplace-offers-page.tsx'),
      ).then((m) => ({ Component: m.MarketplaceOffersPage })),
  },
  {
    path: 'marketplace/offers/:idOrSlug',
    lazy: lazyPage(offerPage, 'MarketplaceOfferPage'),
    children: [
      // A redirect before the first render (not a <Navigate> after it): a shared offer address paints its Home tab
      // in one pass instead of rendering the page, then navigating and rendering it again.
      {
        index: true,
        loader: ({ params }) => redirect(`/marketplace/offers/${encodeURIComponent(params.idOrSlug ?? '')}/home`),
        // Never shown: the loader has redirected before anything renders. Here so the route is not an empty leaf.
        element: <Navigate to="home" replace />,
      },
      page(
        'home',
        () => offerTab(() => import('../../features/marketplace/components/marketplace-offer-home-tab.tsx')),
        'MarketplaceOfferHomeTab',
      ),
      page(
        'about',
        () => offerTab(() => import('../../features/marketplace/components/marketplace-offer-about-tab.tsx')),
        'MarketplaceOfferAboutTab',
      ),
      page(
        'documents',
        () => offerTab(() => import('../../features/marketplace/components/marketplace-offer-documents-tab.tsx')),
        'MarketplaceOfferDocumentsTab',
      ),
      page(
        'financials',
        () => offerTab(() => import('../../features/marketplace/components/marketplace-offer-financials-tab.tsx')),
        'MarketplaceOfferFinancialsTab',
      ),
    ],
  },
  page(
    'marketplace/institutions',
    () => import('../../features/marketplace/components/marketplace-institutions-page.tsx'),
    'MarketplaceInstitutionsPage',
  ),
  {
    path: 'marketplace/institutions/:idOrSlug',
    lazy: lazyPage(institutionPage, 'MarketplaceInstitutionPage'),
    children: [
      { index: true, element: <Navigate to="about" replace /> },
      page('about', institutionTabs, 'MarketplaceInstitutionAboutTab'),
      page('offers', institutionTabs, 'MarketplaceInstitutionOffersTab'),
      page('team', institutionTabs, 'MarketplaceInstitutionTeamTab'),
    ],
  },
];
