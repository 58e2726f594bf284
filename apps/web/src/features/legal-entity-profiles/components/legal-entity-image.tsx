import type { LegalEntityProfile } from '@tessera/domain';
import { ImageUploadButton } from '../../../components/image-upload-button.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useLegalEntityProfileImage } from '../api/get-legal-entity-profile-image.ts';
import { useUploadLegalEntityProfileImage } from '../api/upload-legal-entity-profile-image.ts';

/** The entity's image; clicking it uploads a new one (PNG, JPEG, GIF or WebP). */
export function LegalEntityImage({ profile }: { profile: LegalEntityProfile }) {
  const { enqueueSnackbar } = useSnackbar();
  const image = useLegalEntityProfileImage(profile._id, profile.image);
  const upload = useUploadLegalEntityProfileImage(profile._id);

  const onFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => enqueueSnackbar('Profile image updated', { variant: 'success' }),
      onError: () => enqueueSnackbar('Error updating image', { variant: 'error' }),
    });

  return (
    <ImageUploadButton
      src={image.data}
      name={profile.displayname ?? profile.name}
      label="Upload entity image"
      pending={upload.isPending}
      onFile={onFile}
      inputTestId="legal-entity-image-input"
      rounded
      noShrink
    />
  );
}
