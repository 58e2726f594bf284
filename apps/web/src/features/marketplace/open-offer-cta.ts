import { useQueryClient } from '@tanstack/react-query';
import type { OfferCtaKind } from '@tessera/domain';
import { useCallback, useEffect } from 'react';

/** The offer and call to action a link asks for (000 §2: `?offer=<id or slug>&cta=primary|secondary`, primary by default). */
function offerCtaRequest(search: string): { offer: string; cta: OfferCtaKind } | null {
  const params = new URLSearchParams(search);
  const offer = params.get('offer')?.trim();
  if (!offer) return null;
  // Not offerCtaKind.parse: importing the schema would pull the domain's offer module onto the /signin path.
  return { offer, cta: params.get('cta') === 'secondary' ? 'secondary' : 'primary' };
}

// The offer's schema (and the domain's offer and institution modules) load only when a link asks for a CTA,
// so they stay off the /signin budget.
const loadOfferApi = () => import('./api/get-marketplace-offer.ts');

/**
 * After sign-in, sign-up or invite on the investor app, opens the offer's matching CTA link in a new tab.
 * The offer is fetched while the form is being filled in, so the tab opens right after the auth call answers,
 * still inside the click's user activation (browsers block pop-ups opened later).
 */
export function useOfferCta(tenantId: string | null, search: string, enabled: boolean) {
  const request = enabled ? offerCtaRequest(search) : null;
  const offer = request?.offer ?? null;
  const cta = request?.cta ?? 'primary';
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!offer || !tenantId) return;
    void loadOfferApi().then((api) => queryClient.prefetchQuery(api.marketplaceOfferQueryOptions(tenantId, offer)));
  }, [offer, tenantId, queryClient]);

  return useCallback(async () => {
    if (!offer || !tenantId) return;
    try {
      const api = await loadOfferApi();
      const url = api.offerCtaUrl(await queryClient.fetchQuery(api.marketplaceOfferQueryOptions(tenantId, offer)), cta);
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
    } catch {
      // An offer that is gone or hidden has nothing to open: the user still lands where they were going.
    }
  }, [offer, cta, tenantId, queryClient]);
}
