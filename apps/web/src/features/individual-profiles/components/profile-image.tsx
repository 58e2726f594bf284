import { individualProfileName, type IndividualProfile } from '@tessera/domain';
import { ImageUploadButton } from '../../../components/image-upload-button.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useIndividualProfileImage } from '../api/get-individual-profile-image.ts';
import { useUploadIndividualProfileImage } from '../api/upload-individual-profile-image.ts';

/** The profile picture; clicking it uploads a new one (PNG, JPEG, GIF or WebP). */
export function ProfileImage({ profile }: { profile: IndividualProfile }) {
  const { enqueueSnackbar } = useSnackbar();
  const image = useIndividualProfileImage(profile._id, profile.image);
  const upload = useUploadIndividualProfileImage(profile._id);

  const onFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => enqueueSnackbar('Profile image updated', { variant: 'success' }),
      onError: () => enqueueSnackbar('Error updating profile image', { variant: 'error' }),
    });

  return (
    <ImageUploadButton
      src={image.data}
      name={individualProfileName(profile)}
      label="Upload profile image"
      pending={upload.isPending}
      onFile={onFile}
      inputTestId="profile-image-input"
    />
  );
}
