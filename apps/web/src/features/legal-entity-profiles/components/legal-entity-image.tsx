import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { Avatar, Badge, ButtonBase, CircularProgress } from '@mui/material';
import { initials, type LegalEntityProfile } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useRef } from 'react';
import { useLegalEntityProfileImage } from '../api/get-legal-entity-profile-image.ts';
import { useUploadLegalEntityProfileImage } from '../api/upload-legal-entity-profile-image.ts';

const SIZE = 72;

/** The entity's image; clicking it uploads a new one (PNG, JPEG, GIF or WebP). */
export function LegalEntityImage({ profile }: { profile: LegalEntityProfile }) {
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const image = useLegalEntityProfileImage(profile._id, profile.image);
  const upload = useUploadLegalEntityProfileImage(profile._id);
  const name = profile.displayname ?? profile.name;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => enqueueSnackbar('Profile image updated', { variant: 'success' }),
      onError: () => enqueueSnackbar('Error updating image', { variant: 'error' }),
    });
  };

  return (
    <>
      <ButtonBase
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-label="Upload entity image"
        sx={{ borderRadius: '50%', flexShrink: 0 }}
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
          <Avatar src={image.data} alt={name} variant="rounded" sx={{ width: SIZE, height: SIZE, fontSize: 26 }}>
            {initials(name)}
          </Avatar>
        </Badge>
      </ButtonBase>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        data-testid="legal-entity-image-input"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}
