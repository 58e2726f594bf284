import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { offerCta, openOfferCta } from '../../marketplace/open-offer-cta.ts';
import { returnPath } from '../return-path.ts';
import { useSession } from './use-session.ts';

/**
 * §2: after sign-in, sign-up or invite the user goes back where they came from, or '/'.
 * On the investor app, `?offer=<id>&cta=primary|secondary` also opens that offer's call to action.
 */
export function useAfterAuth() {
  const navigate = useNavigate();
  const location = useLocation();
  const { appType } = useSession();

  return useCallback(() => {
    const params = new URLSearchParams(location.search);
    const offer = params.get('offer');
    if (appType === 'platform' && offer) void openOfferCta(offer, offerCta.catch('primary').parse(params.get('cta')));
    void navigate(returnPath(location.state, location.search), { replace: true });
  }, [navigate, location, appType]);
}
