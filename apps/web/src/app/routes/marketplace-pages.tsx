import { Navigate, redirect, type RouteObject } from 'react-router';

const offerPage = () => import('../../features/marketplace/components/marketplace-offer-page.tsx');
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
    lazy: () => import('../../features/marketplace/components/marketplace-offers-page.tsx').then((m) => ({ Component: m.MarketplaceOffersPage })),
  },
  {
    path: 'marketplace/offers/:idOrSlug',
    lazy: () => offerPage().then((m) => ({ Component: m.MarketplaceOfferPage })),
    children: [
      // A redirect before the first render (not a <Navigate> after it): a shared offer address paints its Home tab
      // in one pass instead of rendering the page, then navigating and rendering it again.
      {
        index: true,
        loader: ({ params }) => redirect(`/marketplace/offers/${encodeURIComponent(params.idOrSlug ?? '')}/home`),
        // Never shown: the loader has redirected before anything renders. Here so the route is not an empty leaf.
        element: <Navigate to="home" replace />,
      },
      { path: 'home', lazy: () => import('../../features/marketplace/components/marketplace-offer-home-tab.tsx').then((m) => ({ Component: m.MarketplaceOfferHomeTab })) },
      { path: 'about', lazy: () => import('../../features/marketplace/components/marketplace-offer-about-tab.tsx').then((m) => ({ Component: m.MarketplaceOfferAboutTab })) },
      { path: 'documents', lazy: () => import('../../features/marketplace/components/marketplace-offer-documents-tab.tsx').then((m) => ({ Component: m.MarketplaceOfferDocumentsTab })) },
      { path: 'financials', lazy: () => import('../../features/marketplace/components/marketplace-offer-financials-tab.tsx').then((m) => ({ Component: m.MarketplaceOfferFinancialsTab })) },
    ],
  },
  {
    path: 'marketplace/institutions',
    lazy: () => import('../../features/marketplace/components/marketplace-institutions-page.tsx').then((m) => ({ Component: m.MarketplaceInstitutionsPage })),
  },
  {
    path: 'marketplace/institutions/:idOrSlug',
    lazy: () => institutionPage().then((m) => ({ Component: m.MarketplaceInstitutionPage })),
    children: [
      { index: true, element: <Navigate to="about" replace /> },
      { path: 'about', lazy: () => institutionTabs().then((m) => ({ Component: m.MarketplaceInstitutionAboutTab })) },
      { path: 'offers', lazy: () => institutionTabs().then((m) => ({ Component: m.MarketplaceInstitutionOffersTab })) },
      { path: 'team', lazy: () => institutionTabs().then((m) => ({ Component: m.MarketplaceInstitutionTeamTab })) },
    ],
  },
];
