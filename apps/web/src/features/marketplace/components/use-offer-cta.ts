import { offerCtaUrl, type MarketplaceOffer } from '@tessera/domain';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session/use-session.ts';
import { useMarketplaceEvent } from '../hooks/use-marketplace-event.ts';

type OfferCtaButton = 'primary' | 'secondary';

/**
 * A call-to-action click (001 §2): recorded as a `cta` event; a signed-in visitor gets the CTA's link in a new tab,
 * a signed-out one goes to sign-in carrying `?offer=&cta=`, which opens the link once they are in (after sign-in,
 * sign-up or invite) and brings them back to this page.
 */
export function useOfferCta(offer: Pick<MarketplaceOffer, '_id' | 'primaryCTA' | 'secondaryCTA'>) {
  const { authenticated } = useSession();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const record = useMarketplaceEvent();

  return useCallback(
    (kind: OfferCtaButton) => {
      record('cta', { offer: offer._id, meta: { cta: kind } });
      if (!authenticated) {
        const query = new URLSearchParams({ offer: offer._id, cta: kind });
        void navigate(`/signin?${query.toString()}`, { state: { from: { pathname, search, hash } } });
        return;
      }
      const url = offerCtaUrl(offer, kind);
      if (url) window.open(url, '_blank', 'noopener');
    },
    [authenticated, navigate, offer, pathname, search, hash, record],
  );
}
