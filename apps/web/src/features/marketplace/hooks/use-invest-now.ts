import { marketplaceOfferPath, type MarketplaceOfferCard } from '@tessera/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { buildEvent } from '../../../lib/analytics.ts';
import { queueEvent } from '../../../lib/analytics-queue.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useStartInvestment } from '../../workflows/index.ts';
import { useMarketplaceAnalyticsContext } from './use-marketplace-analytics.ts';

export const offerPagePath = (offer: Pick<MarketplaceOfferCard, 'slug'>) => marketplaceOfferPath(offer.slug);

/**
 * 'Invest Now' on a card or an offer's page: a signed-out visitor signs in first, and the sign-in page opens the offer's
 * primary call to action afterwards (`?offer=<id>&cta=primary`, see open-offer-cta.ts); a signed-in investor goes to
 * their investment workflow for the offer, the open one or a new one (issue #20). Records a `cta` event either way.
 * `pendingOffer` is the offer whose workflow is being opened, for the button's loading state.
 */
export function useInvestNow() {
  const navigate = useNavigate();
  const { authenticated } = useSession();
  const context = useMarketplaceAnalyticsContext();
  const { start, pending } = useStartInvestment();

  const investNow = useCallback(
    (offer: Pick<MarketplaceOfferCard, '_id'>) => {
      queueEvent(buildEvent('cta', context, { offer: offer._id, meta: { cta: 'invest-now' } }));
      if (!authenticated) {
        void navigate(`/signin?${new URLSearchParams({ offer: offer._id, cta: 'primary' }).toString()}`);
        return;
      }
      start(offer._id);
    },
    [authenticated, context, navigate, start],
  );
  return { investNow, pendingOffer: pending };
}
