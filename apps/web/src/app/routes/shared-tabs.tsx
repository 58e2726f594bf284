import { Navigate, type RouteObject } from 'react-router';
import { page } from './lazy-page.ts';

/** The tabs of an offer's page, the same in the institution area and the tenant's marketplace. */
export const offerTabs: RouteObject[] = [
  { index: true, element: <Navigate to="details" replace /> },
  page('details', () => import('../../features/offers/components/offer-details-tab.tsx'), 'OfferDetailsTab'),
  page('history', () => import('../../features/offers/components/offer-history-tab.tsx'), 'OfferHistoryTab'),
  page('financials', () => import('../../features/offers/components/offer-financials-tab.tsx'), 'OfferFinancialsTab'),
  page('media', () => import('../../features/offers/components/offer-media-tab.tsx'), 'OfferMediaTab'),
  page('documents', () => import('../../features/offers/components/offer-documents-tab.tsx'), 'OfferDocumentsTab'),
];

/** An institution's settings tabs, the same for its GPs and the tenant's owners. */
export const institutionSettingsTabs: RouteObject[] = [
  page('details', () => import('../../features/institutions/components/institution-details-tab.tsx'), 'InstitutionDetailsTab'),
  page('contact', () => import('../../features/institutions/components/institution-contact-tab.tsx'), 'InstitutionContactTab'),
  page('team', () => import('../../features/institutions/components/institution-team-tab.tsx'), 'InstitutionTeamTab'),
  page('media', () => import('../../features/institutions/components/institution-media-tab.tsx'), 'InstitutionMediaTab'),
  page('api', () => import('../../features/institutions/components/institution-api-tab.tsx'), 'InstitutionApiTab'),
  page('billing', () => import('../../features/institutions/components/institution-billing-tab.tsx'), 'InstitutionBillingTab'),
  page('history', () => import('../../features/institutions/components/institution-history-tab.tsx'), 'InstitutionHistoryTab'),
];
