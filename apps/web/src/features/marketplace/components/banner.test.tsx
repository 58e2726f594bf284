import { render } from '@testing-library/react';
import { imageSrcSet, MARKETPLACE_IMAGE_SIZES } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { Banner } from './banner.tsx';
import { InstitutionLogoAvatar } from './institution-summary-card.tsx';
import { ImageGallery } from './marketplace-media.tsx';
import { OfferCardBanner } from './offer-card-banner.tsx';

const IMAGE = '/api/v1/tenant/6745a1c2e4b0a1b2c3d4e5f1/marketplace/images/0123456789abcdef01234567';

describe("the marketplace's banners", () => {
  it("list the API's narrower copies with the width they are drawn at, as the server's first screen does", () => {
    const { container } = render(
      <>
        <Banner src={IMAGE} />
        <OfferCardBanner src={IMAGE} sizes={MARKETPLACE_IMAGE_SIZES.showcaseBanner} eager />
      </>,
    );
    const [page, slide] = [...container.querySelectorAll('img')];
    expect(page!.getAttribute('srcset')).toBe(imageSrcSet(IMAGE));
    expect(page!.getAttribute('sizes')).toBe(MARKETPLACE_IMAGE_SIZES.pageBanner);
    expect(slide!.getAttribute('srcset')).toBe(imageSrcSet(IMAGE));
    expect(slide!.getAttribute('sizes')).toBe(MARKETPLACE_IMAGE_SIZES.showcaseBanner);
    expect(page!.getAttribute('src')).toBe(IMAGE);
  });

  it("list them in an offer's gallery too", () => {
    const { container } = render(<ImageGallery images={[{ id: 'a', src: IMAGE }]} title="Harbor Point" />);
    const thumbnail = container.querySelector('img')!;
    expect(thumbnail.getAttribute('srcset')).toBe(imageSrcSet(IMAGE));
    expect(thumbnail.getAttribute('sizes')).toBe('(min-width: 900px) 25vw, (min-width: 600px) 33vw, 50vw');
  });

  it("ask for one small copy of an institution's logo, with no srcset (MUI's Avatar checks its image without sizes)", () => {
    const { container } = render(<InstitutionLogoAvatar name="Harbor Point Capital" logoUrl={IMAGE} size={64} />);
    const logo = container.querySelector('img')!;
    expect(logo.getAttribute('src')).toBe(`${IMAGE}?w=320`);
    expect(logo.hasAttribute('srcset')).toBe(false);
  });

  it('leave an external image as it is', () => {
    const { container } = render(<Banner src="https://cdn.example.com/banner.jpg" />);
    expect(container.querySelector('img')!.hasAttribute('srcset')).toBe(false);
  });
});
