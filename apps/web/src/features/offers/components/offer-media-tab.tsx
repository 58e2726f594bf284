import {
  offerImagePurpose,
  offerImagePurposeLabels,
  offerImagesBody,
  offerVideoPurpose,
  offerVideoPurposeLabels,
  offerVideosBody,
} from '@tessera/domain';
import type { z } from 'zod';
import { MediaEditor } from '../../images/index.ts';
import { useUpdateOfferImages } from '../api/update-offer-images.ts';
import { useUpdateOfferVideos } from '../api/update-offer-videos.ts';
import { useOfferContext } from './offer-page.tsx';
import { offerErrorText } from './offer-toast.ts';

/** Media tab (002 §3, §4): images (primary, banner, gallery, other; default gallery) and videos (intro, about, other; default about). */
export function OfferMediaTab() {
  const { tenantId, offer } = useOfferContext();
  const saveImages = useUpdateOfferImages(tenantId, offer._id);
  const saveVideos = useUpdateOfferVideos(tenantId, offer._id);
  return (
    <MediaEditor
      key={offer._id}
      owner="offer"
      images={offer.images}
      videos={offer.videos}
      imageKind={{ options: offerImagePurpose.options, labels: offerImagePurposeLabels, defaultPurpose: () => 'gallery' }}
      videoKind={{ options: offerVideoPurpose.options, labels: offerVideoPurposeLabels, defaultPurpose: () => 'about' }}
      imagesBody={offerImagesBody}
      videosBody={offerVideosBody}
      saveImages={(body) => saveImages.mutateAsync(body as z.input<typeof offerImagesBody>)}
      saveVideos={(body) => saveVideos.mutateAsync(body as z.input<typeof offerVideosBody>)}
      errorText={offerErrorText}
      saveErrorText="Error updating offer"
      emptyImagesText="No images yet. The first visible primary image is the offer's hero image."
    />
  );
}
