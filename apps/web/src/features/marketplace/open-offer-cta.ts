import { offerCtaKind, offerCtaUrl, type OfferCtaKind } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { marketplaceOfferQueryOptions, useMarketplaceOffer } from './api/get-marketplace-offer.ts';

/** The offer and call to action a link asks for (000 §2: `?offer=<id or slug>&cta=primary|secondary`, primary by default). */
export function offerCtaRequest(search: string): { offer: string; cta: OfferCtaKind } | null {
  const params = new URLSearchParams(search);
  const offer = params.get('offer')?.trim();
  if (!offer) return null;
  return { offer, cta: offerCtaKind.catch('primary').parse(params.get('cta')) };
}

/**
 * After sign-in, sign-up or invite on the investor app, opens the offer's matching CTA link in a new tab.
 * The offer is fetched while the form is being filled in, so the tab opens right after the auth call answers,
 * still inside the click's user activation (browsers block pop-ups opened later).
 */
export function useOfferCta(tenantId: string | null, search: string, enabled: boolean) {
  const request = enabled ? offerCtaRequest(search) : null;
  const queryClient = useQueryClient();
  useMarketplaceOffer(tenantId ?? '', request?.offer ?? '', Boolean(request));

  return useCallback(async () => {
    if (!request || !tenantId) return;
    try {
      const offer = await queryClient.fetchQuery(marketplaceOfferQueryOptions(tenantId, request.offer));
      const url = offerCtaUrl(offer, request.cta);
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
    } catch {
      // An offer that is gone or hidden has nothing to open: the user still lands where they were going.
    }
  }, [request?.offer, request?.cta, tenantId, queryClient]); // eslint-disable-line react-hooks/exhaustive-deps -- the request is derived from these two strings
}
