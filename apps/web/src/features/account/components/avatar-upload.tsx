import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { Avatar, Badge, CircularProgress, IconButton, Tooltip } from '@mui/material';
import { initials, userDisplayName, type User } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useRef } from 'react';
import { useUpdateUserImage } from '../api/update-user-image.ts';
import { useUserImage } from '../hooks/use-user-image.ts';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** The profile image with a camera button to replace it. */
export function AvatarUpload({ user }: { user: User }) {
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUpdateUserImage(user._id);
  const input = useRef<HTMLInputElement>(null);
  const src = useUserImage(user.image);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => enqueueSnackbar('Profile image updated', { variant: 'success', autoHideDuration: 2000 }),
      onError: () => enqueueSnackbar('Error updating profile image', { variant: 'error', autoHideDuration: 2000 }),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      badgeContent={
        <Tooltip title="Change profile image">
          <IconButton
            size="small"
            aria-label="Change profile image"
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
            sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', '&:hover': { bgcolor: 'background.paper' } }}
          >
            {upload.isPending ? <CircularProgress size={16} /> : <PhotoCamera fontSize="small" />}
          </IconButton>
        </Tooltip>
      }
    >
      <Avatar src={src} alt="" sx={{ width: 88, height: 88, fontSize: 32, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        {initials(userDisplayName(user))}
      </Avatar>
      <input ref={input} type="file" accept={ACCEPT} hidden data-testid="profile-image-input" onChange={(e) => onFile(e.target.files?.[0])} />
    </Badge>
  );
}
