import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Upload from '@mui/icons-material/Upload';
import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import type { BrandingImageType, TenantPublic } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useRef, type ChangeEvent } from 'react';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteBrandingMedia } from '../api/delete-branding-media.ts';
import { useUploadBrandingMedia } from '../api/upload-branding-media.ts';
import { BrandingPage } from './branding-page.tsx';

interface Slot {
  type: BrandingImageType;
  label: string;
  hint: string;
  /** Logos are previewed on the background they are made for. */
  surface: 'light' | 'dark' | 'neutral';
  wide?: boolean;
}

export const MEDIA_SLOTS: Slot[] = [
  { type: 'icon', label: 'Icon', hint: 'Square, at least 128 × 128 px. Shown next to the name when there is no logo.', surface: 'neutral' },
  {
    type: 'logo-dark',
    label: 'Logo (dark mode)',
    hint: 'Shown in the top bar in dark mode: light artwork on a transparent background.',
    surface: 'dark',
  },
  {
    type: 'logo-light',
    label: 'Logo (light mode)',
    hint: 'Shown in the top bar in light mode: dark artwork on a transparent background.',
    surface: 'light',
  },
  { type: 'banner', label: 'Banner', hint: 'Wide, about 1600 × 400 px.', surface: 'neutral', wide: true },
];
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

function MediaSlot({ tenant, slot }: { tenant: TenantPublic; slot: Slot }) {
  const { enqueueSnackbar } = useSnackbar();
  const upload = useUploadBrandingMedia(tenant._id);
  const remove = useDeleteBrandingMedia(tenant._id);
  const { confirm, confirmDialog } = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const image = tenant.branding.images.find((i) => i.type === slot.type);
  const id = `media-${slot.type}`;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(
      { type: slot.type, file },
      {
        onSuccess: () => enqueueSnackbar('Branding updated', { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
      },
    );
  };

  const surface =
    slot.surface === 'dark' ? { bgcolor: '#121212' } : slot.surface === 'light' ? { bgcolor: '#FFFFFF' } : { bgcolor: 'action.hover' };
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      {confirmDialog}
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} component="h2" variant="h6">
          {slot.label}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {slot.hint}
        </Typography>
        <Box
          sx={{
            ...surface,
            height: slot.wide ? { xs: 100, sm: 160 } : 120,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            mb: 2,
          }}
        >
          {image ? (
            <Box
              component="img"
              src={image.url}
              alt={`${slot.label} preview`}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: slot.wide ? 'cover' : 'contain', p: slot.wide ? 0 : 1.5 }}
            />
          ) : (
            <Stack sx={{ alignItems: 'center', color: slot.surface === 'dark' ? 'grey.500' : 'text.secondary' }}>
              <ImageOutlined aria-hidden="true" />
              <Typography variant="body2">No image</Typography>
            </Stack>
          )}
        </Box>
        <input ref={input} type="file" accept={ACCEPT} hidden aria-label={`${slot.label} file`} onChange={onFile} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<Upload />} loading={upload.isPending} onClick={() => input.current?.click()}>
            {image ? 'Replace' : 'Upload'}
          </Button>
          {image && (
            <Button
              color="error"
              startIcon={<DeleteOutline />}
              disabled={upload.isPending}
              onClick={() =>
                confirm({
                  title: `Remove the ${slot.label.toLowerCase()}?`,
                  message: 'The image is deleted and no longer shown on any page.',
                  confirmLabel: 'Remove',
                  destructive: true,
                  onConfirm: () => remove.mutateAsync(slot.type).then(() => enqueueSnackbar('Branding updated', { variant: 'success' })),
                })
              }
            >
              Remove
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /tenant/branding/media: the icon, the two logos and the banner. */
export function BrandingMediaPage() {
  return (
    <BrandingPage title="Media" subtitle="Images shown on every page of this organization, including sign-in. PNG, JPEG, GIF or WebP.">
      {(tenant) => (
        <Grid container spacing={3}>
          {MEDIA_SLOTS.map((slot) => (
            <Grid key={slot.type} size={{ xs: 12, md: slot.wide ? 12 : 4 }}>
              <MediaSlot tenant={tenant} slot={slot} />
            </Grid>
          ))}
        </Grid>
      )}
    </BrandingPage>
  );
}
