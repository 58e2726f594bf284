import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { Avatar, Badge, ButtonBase, CircularProgress } from '@mui/material';
import { individualProfileName, initials, type IndividualProfile } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useRef } from 'react';
import { useIndividualProfileImage } from '../api/get-individual-profile-image.ts';
import { useUploadIndividualProfileImage } from '../api/upload-individual-profile-image.ts';

const SIZE = 72;

/** The profile picture; clicking it uploads a new one (PNG, JPEG, GIF or WebP). */
export function ProfileImage({ profile }: { profile: IndividualProfile }) {
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const image = useIndividualProfileImage(profile._id, profile.image);
  const upload = useUploadIndividualProfileImage(profile._id);
  const name = individualProfileName(profile);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => enqueueSnackbar('Profile image updated', { variant: 'success' }),
      onError: () => enqueueSnackbar('Error updating profile image', { variant: 'error' }),
    });
  };

  return (
    <>
      <ButtonBase
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-label="Upload profile image"
        sx={{ borderRadius: '50%' }}
      >
        <Badge
          overlap="circular"
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          badgeContent={
            <Avatar sx={{ width: 26, height: 26, bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider' }}>
              {upload.isPending ? <CircularProgress size={14} /> : <PhotoCamera sx={{ fontSize: 16 }} />}
            </Avatar>
          }
        >
          <Avatar src={image.data} alt={name} sx={{ width: SIZE, height: SIZE, fontSize: 26 }}>
            {initials(name)}
          </Avatar>
        </Badge>
      </ButtonBase>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        data-testid="profile-image-input"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
