import { userDisplayName, type User } from '@tessera/domain';
import { ImageAvatarUpload } from '../../../components/image-avatar-upload.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useUpdateUserImage } from '../api/update-user-image.ts';
import { useUserImage } from '../hooks/use-user-image.ts';

/** The profile image with a camera button to replace it. */
export function AvatarUpload({ user }: { user: User }) {
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUpdateUserImage(user._id);
  const src = useUserImage(user.image);

  const onFile = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => enqueueSnackbar('Profile image updated', { variant: 'success', autoHideDuration: 2000 }),
      onError: () => enqueueSnackbar('Error updating profile image', { variant: 'error', autoHideDuration: 2000 }),
    });

  return (
    <ImageAvatarUpload
      src={src}
      name={userDisplayName(user)}
      label="Change profile image"
      pending={upload.isPending}
      onFile={onFile}
      inputTestId="profile-image-input"
    />
  );
}
