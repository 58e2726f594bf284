import { AddPhotoAlternate, DeleteOutlined, ImageNotSupported, Restore, Visibility, VisibilityOff } from '@mui/icons-material';
import { Alert, Box, Button, IconButton, MenuItem, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import {
  MEDIA_ITEMS_MAX, moveItem, offerImagePurpose, offerImagePurposeLabels, offerImagesBody, offerVideoPurpose, offerVideoPurposeLabels, offerVideosBody,
  renumber, UPLOAD_TOAST, type OfferImage, type OfferImagePurpose, type OfferVideo, type OfferVideoPurpose,
} from '@tessera/domain';
import { useRef, useState } from 'react';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useImageUrl } from '../../images/api/get-image.ts';
import { uploadImage } from '../../images/api/upload-image.ts';
import { useUpdateOfferImages } from '../api/update-offer-images.ts';
import { useUpdateOfferVideos } from '../api/update-offer-videos.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { fieldErrors } from './field-errors.ts';
import { newId } from './new-id.ts';
import { useOfferContext } from './offer-page.tsx';
import { OfferSection } from './offer-section.tsx';
import { offerErrorText } from './offer-toast.ts';
import { SortableList } from './sortable-list.tsx';

const byPosition = <T extends { position: number }>(items: readonly T[]) => renumber([...items].sort((a, b) => a.position - b.position));

function Thumbnail({ imageId, hidden }: { imageId: string; hidden: boolean }) {
  const { data: url, isPending, isError } = useImageUrl(imageId);
  const size = { width: 96, height: 64, flexShrink: 0, borderRadius: 1 };
  if (isPending) return <Skeleton variant="rounded" sx={size} />;
  if (isError || !url) {
    return (
      <Box sx={{ ...size, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
        <ImageNotSupported fontSize="small" aria-label="Image unavailable" />
      </Box>
    );
  }
  return <Box component="img" src={url} alt="" sx={{ ...size, objectFit: 'cover', opacity: hidden ? 0.4 : 1 }} />;
}

function HiddenToggle({ hidden, onChange, name }: { hidden: boolean; onChange: (hidden: boolean) => void; name: string }) {
  return (
    <Tooltip title={hidden ? 'Show' : 'Hide'}>
      <IconButton size="small" aria-label={`${hidden ? 'Show' : 'Hide'} ${name}`} aria-pressed={hidden} onClick={() => onChange(!hidden)}>
        {hidden ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

/** Media tab (002 §3, §4): images and videos with purpose, order (drag or arrows, renumbered from 0), hide/show, Reset and Update. */
export function OfferMediaTab() {
  const { tenantId, offer } = useOfferContext();
  const { enqueueSnackbar } = useSnackbar();
  const images = useDraft(byPosition(offer.images));
  const videos = useDraft(byPosition(offer.videos));
  const saveImages = useUpdateOfferImages(tenantId, offer._id);
  const saveVideos = useUpdateOfferVideos(tenantId, offer._id);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [videoUrl, setVideoUrl] = useState('');
  const [videoErrors, setVideoErrors] = useState<Record<string, string>>({});
  const dirty = images.dirty || videos.dirty;

  const setImage = (index: number, patch: Partial<OfferImage>) => images.update((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const setVideo = (index: number, patch: Partial<OfferVideo>) => {
    videos.update((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
    setVideoErrors({});
  };

  const upload = async (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, Math.max(0, MEDIA_ITEMS_MAX - images.value.length));
    if (fileInput.current) fileInput.current.value = '';
    setUploading((n) => n + picked.length);
    for (const file of picked) {
      try {
        const uploaded = await uploadImage({ file, name: file.name, type: 'offer', tags: ['offer'] });
        // New items go at the end, shown (002 §4).
        images.update((list) => [...list, { id: newId(), image: uploaded._id, url: uploaded.url, position: list.length, hidden: false, purpose: 'gallery' }]);
        enqueueSnackbar(UPLOAD_TOAST.success, { variant: 'success', autoHideDuration: UPLOAD_TOAST.hideAfterMs });
      } catch (error) {
        enqueueSnackbar(offerErrorText(error, UPLOAD_TOAST.failure), { variant: 'error' });
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const addVideo = () => {
    const url = videoUrl.trim();
    const item = { id: newId(), url, position: videos.value.length, hidden: false, purpose: 'about' as const };
    const check = offerVideosBody.safeParse({ videos: [item] });
    if (!check.success) {
      setVideoErrors({ new: check.error.issues[0]?.message ?? 'Enter a valid video URL (http or https)' });
      return;
    }
    videos.update((list) => [...list, { ...item, position: list.length }]);
    setVideoUrl('');
    setVideoErrors({});
  };

  const updateImages = () => {
    const body = offerImagesBody.parse({ images: renumber(images.value).map(({ url: _url, ...item }) => item) });
    saveImages.mutate(body, {
      onSuccess: () => {
        images.reset();
        enqueueSnackbar('images updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(offerErrorText(error, 'Error updating offer'), { variant: 'error' }),
    });
  };
  const updateVideos = () => {
    const parsed = offerVideosBody.safeParse({ videos: renumber(videos.value) });
    if (!parsed.success) {
      setVideoErrors(fieldErrors(parsed.error));
      return;
    }
    saveVideos.mutate(parsed.data, {
      onSuccess: () => {
        videos.reset();
        enqueueSnackbar('videos updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(offerErrorText(error, 'Error updating offer'), { variant: 'error' }),
    });
  };
  const reset = () => {
    images.reset();
    videos.reset();
    setVideoErrors({});
  };

  return (
    <Stack spacing={2}>
      {dirty && (
        <Alert
          severity="warning"
          action={<Button color="inherit" size="small" startIcon={<Restore />} onClick={reset}>Reset</Button>}
        >
          You have unsaved changes to images or videos
        </Alert>
      )}

      <OfferSection title="Images">
        {images.value.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>No images yet. The first visible primary image is the offer&apos;s hero image.</Typography>
        ) : (
          <SortableList
            label="Images"
            items={images.value}
            getKey={(item) => item.id}
            itemLabel={(_item, index) => `image ${index + 1}`}
            onMove={(from, to) => images.update((list) => moveItem(list, from, to))}
            renderItem={(item, index) => (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, minWidth: 0 }} data-image={item.image}>
                <Thumbnail imageId={item.image} hidden={item.hidden} />
                <TextField
                  select
                  size="small"
                  label="Purpose"
                  value={item.purpose}
                  onChange={(e) => setImage(index, { purpose: e.target.value as OfferImagePurpose })}
                  sx={{ minWidth: 140 }}
                >
                  {offerImagePurpose.options.map((p) => <MenuItem key={p} value={p}>{offerImagePurposeLabels[p]}</MenuItem>)}
                </TextField>
                <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1 }}>
                  Position {item.position}{item.hidden ? ' \u00b7 hidden' : ''}
                </Typography>
                <Stack direction="row">
                  <HiddenToggle hidden={item.hidden} name={`image ${index + 1}`} onChange={(hidden) => setImage(index, { hidden })} />
                  <Tooltip title="Remove">
                    <IconButton size="small" aria-label={`Remove image ${index + 1}`} onClick={() => images.update((list) => renumber(list.filter((_, i) => i !== index)))}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </Stack>
            )}
          />
        )}
        <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" multiple hidden aria-label="Image files" onChange={(e) => void upload(e.target.files)} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Button startIcon={<AddPhotoAlternate />} onClick={() => fileInput.current?.click()} loading={uploading > 0} loadingPosition="start" disabled={images.value.length >= MEDIA_ITEMS_MAX}>
            Add images
          </Button>
          <Stack direction="row" spacing={1}>
            <Button onClick={images.reset} disabled={!images.dirty || saveImages.isPending}>Reset</Button>
            <Button variant="contained" onClick={updateImages} disabled={!images.dirty || uploading > 0 || saveImages.isPending} loading={saveImages.isPending}>Update images</Button>
          </Stack>
        </Stack>
      </OfferSection>

      <OfferSection title="Videos">
        {videos.value.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>No videos yet.</Typography>
        ) : (
          <SortableList
            label="Videos"
            items={videos.value}
            getKey={(item) => item.id}
            itemLabel={(_item, index) => `video ${index + 1}`}
            onMove={(from, to) => videos.update((list) => moveItem(list, from, to))}
            renderItem={(item, index) => (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' }, minWidth: 0 }}>
                <TextField
                  size="small"
                  label="Video URL"
                  value={item.url}
                  onChange={(e) => setVideo(index, { url: e.target.value })}
                  error={Boolean(videoErrors[`videos.${index}.url`])}
                  helperText={videoErrors[`videos.${index}.url`]}
                  sx={{ flex: 1, minWidth: 0 }}
                />
                <TextField
                  select
                  size="small"
                  label="Purpose"
                  value={item.purpose}
                  onChange={(e) => setVideo(index, { purpose: e.target.value as OfferVideoPurpose })}
                  sx={{ minWidth: 120 }}
                >
                  {offerVideoPurpose.options.map((p) => <MenuItem key={p} value={p}>{offerVideoPurposeLabels[p]}</MenuItem>)}
                </TextField>
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  <HiddenToggle hidden={item.hidden} name={`video ${index + 1}`} onChange={(hidden) => setVideo(index, { hidden })} />
                  <Tooltip title="Remove">
                    <IconButton size="small" aria-label={`Remove video ${index + 1}`} onClick={() => videos.update((list) => renumber(list.filter((_, i) => i !== index)))}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </Stack>
            )}
          />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            label="New video URL"
            placeholder="https://"
            value={videoUrl}
            onChange={(e) => {
              setVideoUrl(e.target.value);
              setVideoErrors({});
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addVideo();
              }
            }}
            error={Boolean(videoErrors.new)}
            helperText={videoErrors.new ?? 'A YouTube, Vimeo or file link; added with the purpose About'}
            sx={{ flex: 1 }}
          />
          <Button variant="outlined" onClick={addVideo} disabled={videoUrl.trim() === '' || videos.value.length >= MEDIA_ITEMS_MAX}>Add video</Button>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => { videos.reset(); setVideoErrors({}); }} disabled={!videos.dirty || saveVideos.isPending}>Reset</Button>
          <Button variant="contained" onClick={updateVideos} disabled={!videos.dirty || saveVideos.isPending} loading={saveVideos.isPending}>Update videos</Button>
        </Stack>
      </OfferSection>
      <UnsavedChangesGuard when={dirty} />
    </Stack>
  );
}
