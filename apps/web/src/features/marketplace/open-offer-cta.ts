import { z } from 'zod';

/** Which of an offer's calls to action a link asks for (§2: `?offer=<id>&cta=primary|secondary`). */
export const offerCta = z.enum(['primary', 'secondary']);
export type OfferCta = z.infer<typeof offerCta>;

/**
 * The offer's call-to-action URL. Offers arrive with the marketplace issue: until then no offer
 * can be found, so this answers null and the caller simply has nothing to open.
 */
const findOfferCtaUrl: (offerId: string, cta: OfferCta) => Promise<string | null> = async () => null;

/** After sign-in, sign-up or invite on the investor app: opens the offer's matching CTA link in a new tab. */
export async function openOfferCta(offerId: string, cta: OfferCta = 'primary'): Promise<void> {
  const url = await findOfferCtaUrl(offerId, cta);
  if (url) window.open(url, '_blank', 'noopener,noreferrer');
}
