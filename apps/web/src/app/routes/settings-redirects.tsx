import { Navigate, useParams } from 'react-router';
import { page } from './lazy-page.ts';

/**
 * The settings-style addresses of §2 (/settings/individual-profiles/{id} …) lead to the same screens in the
 * passport, so old links and bookmarks keep working.
 */
function SettingsRedirect({ to }: { to: (params: Readonly<Record<string, string | undefined>>) => string }) {
  const params = useParams();
  return <Navigate to={to(params)} replace />;
}

const passport = '/user/passport';
export const settingsRedirectRoutes = [
  { path: 'settings/individual-profiles/create', element: <SettingsRedirect to={() => `${passport}/individual-profiles?modal=create`} /> },
  {
    path: 'settings/legal-entity-profiles/create',
    element: <SettingsRedirect to={() => `${passport}/legal-entity-profiles?modal=create`} />,
  },
  { path: 'settings/individual-profiles/:id', element: <SettingsRedirect to={(p) => `${passport}/individual-profiles/${p.id}/details`} /> },
  {
    path: 'settings/legal-entity-profiles/:id',
    element: <SettingsRedirect to={(p) => `${passport}/legal-entity-profiles/${p.id}/details`} />,
  },
  { path: 'settings/financial-accounts/:id', element: <SettingsRedirect to={(p) => `${passport}/financial-accounts/${p.id}`} /> },
  // A government photo ID belongs to an individual profile: the page looks it up and opens it on the profile's Identity tab.
  page(
    'settings/gov-photo-ids/:govPhotoId',
    () => import('../../features/gov-photo-ids/components/gov-photo-id-redirect.tsx'),
    'GovPhotoIdRedirect',
  ),
];
