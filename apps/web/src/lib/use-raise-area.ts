import { useLocation, useParams } from 'react-router';
import { useSession } from './session/use-session.ts';

/**
 * Raise screens render in two places with the same components (002 §2): the institution area of a GP
 * (/institution/…, the institution picked in Raise mode) and the tenant admin's marketplace
 * (/tenant/marketplace/…, the institution or offer named in the address). This says which, and where
 * its links go.
 */
export interface RaiseArea {
  area: 'institution' | 'tenant';
  /** The institution in view: from the address in the tenant area, the picked one in the institution area. */
  institutionId: string | null;
  /** Where the offer list and an offer's page live in this area. */
  offersPath: string;
  offerPath: (offerId: string) => string;
  /** The institution's settings (institution area) or its page (tenant area). */
  institutionPath: (institutionId: string) => string;
}

export function useRaiseArea(): RaiseArea {
  const { pathname } = useLocation();
  const { tenantInstitutionId } = useParams();
  const { tenantMember } = useSession();
  if (pathname.startsWith('/tenant/')) {
    return {
      area: 'tenant',
      institutionId: tenantInstitutionId ?? null,
      offersPath: '/tenant/marketplace/offers',
      offerPath: (id) => `/tenant/marketplace/offers/${id}`,
      institutionPath: (id) => `/tenant/marketplace/institutions/${id}`,
    };
  }
  return {
    area: 'institution',
    institutionId: tenantMember?.preferences.institution ?? null,
    offersPath: '/institution/offers',
    offerPath: (id) => `/institution/offers/${id}`,
    institutionPath: () => '/institution/settings',
  };
}
