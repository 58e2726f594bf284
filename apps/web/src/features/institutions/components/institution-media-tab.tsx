import {
  institutionImagePurpose,
  institutionImagePurposeLabels,
  institutionImagesBody,
  institutionVideoPurpose,
  institutionVideoPurposeLabels,
  institutionVideosBody,
  type InstitutionImagePurpose,
} from '@tessera/domain';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { MediaEditor } from '../../images/index.ts';
import { useUpdateInstitutionImages } from '../api/update-institution-images.ts';
import { useUpdateInstitutionVideos } from '../api/update-institution-videos.ts';
import { InstitutionTabFrame, type InstitutionTabProps } from './institution-tab-frame.tsx';

/** The first upload is the logo until there is one; later ones go to the gallery. */
const imagePurposeFor = (existing: readonly { purpose: InstitutionImagePurpose }[]): InstitutionImagePurpose =>
  existing.some((i) => i.purpose === 'logo') ? 'gallery' : 'logo';

/** Media tab (002 §3, §4): images (logo, banner, gallery, other) and videos (intro, about, team, other; default about). */
export function InstitutionMediaTab() {
  return (
    <InstitutionTabFrame label="Media">
      {({ tenantId, institution }) => <InstitutionMedia key={institution._id} tenantId={tenantId} institution={institution} />}
    </InstitutionTabFrame>
  );
}

function InstitutionMedia({ tenantId, institution }: InstitutionTabProps) {
  const saveImages = useUpdateInstitutionImages(tenantId, institution._id);
  const saveVideos = useUpdateInstitutionVideos(tenantId, institution._id);
  return (
    <MediaEditor
      owner="institution"
      images={institution.images}
      videos={institution.videos}
      imageKind={{ options: institutionImagePurpose.options, labels: institutionImagePurposeLabels, defaultPurpose: imagePurposeFor }}
      videoKind={{ options: institutionVideoPurpose.options, labels: institutionVideoPurposeLabels, defaultPurpose: () => 'about' }}
      imagesBody={institutionImagesBody}
      videosBody={institutionVideosBody}
      saveImages={(body) => saveImages.mutateAsync(body as z.input<typeof institutionImagesBody>)}
      saveVideos={(body) => saveVideos.mutateAsync(body as z.input<typeof institutionVideosBody>)}
      errorText={(error, fallback) => errorMessage(error) || fallback}
      saveErrorText="Error updating institution"
      emptyImagesText="No images yet. The first visible logo image is the institution's logo."
    />
  );
}
