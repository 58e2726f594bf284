import { useMarketplaceShowcase } from '../api/get-marketplace-showcase.ts';
import { ShowcaseCarousel } from './showcase-carousel.tsx';

/** The showcase above the results: the tenant's handpicked deals, or nothing while there are none (or they fail to load). */
export function ShowcaseCarouselHeader({ tenantId }: { tenantId: string }) {
  const showcase = useMarketplaceShowcase(tenantId);
  if (!showcase.data || showcase.data.length === 0) return null;
  return <ShowcaseCarousel offers={showcase.data} />;
}
