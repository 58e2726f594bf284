import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOfferCta } from '../../marketplace/index.ts';
import { returnPath } from '../return-path.ts';
import { useSession } from '../../../lib/session/use-session.ts';

/**
 * §2: after sign-in, sign-up or invite the user goes back where they came from, or '/'.
 * On the investor app, `?offer=<id>&cta=primary|secondary` also opens that offer's call to action in a new tab.
 */
export function useAfterAuth() {
  const navigate = useNavigate();
  const location = useLocation();
  const { appType, tenantId } = useSession();
  const openOfferCta = useOfferCta(tenantId, location.search, appType === 'platform');

  return useCallback(() => {
    void openOfferCta();
    void navigate(returnPath(location.state, location.search), { replace: true });
  }, [navigate, location, openOfferCta]);
}
