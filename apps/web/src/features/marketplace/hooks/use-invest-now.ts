import { marketplaceOfferPath, offerCtaUrl, type MarketplaceOfferCard } from '@tessera/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { buildEvent } from '../../../lib/analytics.ts';
import { queueEvent } from '../../../lib/analytics-queue.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useMarketplaceAnalyticsContext } from './use-marketplace-analytics.ts';

export const offerPagePath = (offer: Pick<MarketplaceOfferCard, 'slug'>) => marketplaceOfferPath(offer.slug);

/**
 * 'Invest Now' on a card: a signed-out visitor signs in first, and the sign-in page opens the offer's primary call
 * to action afterwards (`?offer=<id>&cta=primary`, see open-offer-cta.ts); a signed-in investor gets the primary
 * call to action in a new tab, or the offer's page when it has no link. Records a `cta` event either way.
 */
export function useInvestNow() {
  const navigate = useNavigate();
  const { authenticated } = useSession();
  const context = useMarketplaceAnalyticsContext();

  return useCallback(
    (offer: Pick<MarketplaceOfferCard, '_id' | 'slug' | 'primaryCTA' | 'secondaryCTA'>) => {
      queueEvent(buildEvent('cta', context, { offer: offer._id, meta: { cta: 'invest-now' } }));
      if (!authenticated) {
        void navigate(`/signin?${new URLSearchParams({ offer: offer._id, cta: 'primary' }).toString()}`);
        return;
      }
      const url = offerCtaUrl(offer, 'primary');
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
      else void navigate(offerPagePath(offer));
    },
    [authenticated, context, navigate],
  );
}
