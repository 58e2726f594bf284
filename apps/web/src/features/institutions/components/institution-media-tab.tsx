import { AddPhotoAlternate, DeleteOutlined, ImageNotSupported, Restore, Visibility, VisibilityOff } from '@mui/icons-material';
import { Alert, Box, Button, IconButton, MenuItem, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import {
  institutionImagePurpose, institutionImagePurposeLabels, institutionImagesBody, institutionVideoPurpose, institutionVideoPurposeLabels, institutionVideosBody,
  MEDIA_ITEMS_MAX, moveItem, renumber, UPLOAD_TOAST,
  type InstitutionImage, type InstitutionImagePurpose, type InstitutionVideo, type InstitutionVideoPurpose,
} from '@tessera/domain';
import { useRef, useState } from 'react';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useImageUrl } from '../../images/api/get-image.ts';
import { uploadImage } from '../../images/api/upload-image.ts';
import { newId } from '../../offers/components/new-id.ts';
import { SortableList } from '../../offers/components/sortable-list.tsx';
import { useDraft } from '../../offers/hooks/use-draft.ts';
import { useUpdateInstitutionImages } from '../api/update-institution-images.ts';
import { useUpdateInstitutionVideos } from '../api/update-institution-videos.ts';
import { InstitutionSection } from './institution-section.tsx';
import { InstitutionTabFrame, type InstitutionTabProps } from './institution-tab-frame.tsx';

const byPosition = <T extends { position: number }>(items: readonly T[]) => renumber([...items].sort((a, b) => a.position - b.position));

/** The first message per field path ('videos.0.url') of a failed parse. */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

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

function ItemButtons({ name, hidden, onHidden, onRemove }: { name: string; hidden: boolean; onHidden: (hidden: boolean) => void; onRemove: () => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0 }}>
      <Tooltip title={hidden ? 'Show' : 'Hide'}>
        <IconButton size="small" aria-label={`${hidden ? 'Show' : 'Hide'} ${name}`} aria-pressed={hidden} onClick={() => onHidden(!hidden)}>
          {hidden ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Tooltip title="Remove">
        <IconButton size="small" aria-label={`Remove ${name}`} onClick={onRemove}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function MediaTab({ tenantId, institution }: InstitutionTabProps) {
  const { enqueueSnackbar } = useSnackbar();
  const images = useDraft(byPosition(institution.images));
  const videos = useDraft(byPosition(institution.videos));
  const saveImages = useUpdateInstitutionImages(tenantId, institution._id);
  const saveVideos = useUpdateInstitutionVideos(tenantId, institution._id);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [videoUrl, setVideoUrl] = useState('');
  const [videoErrors, setVideoErrors] = useState<Record<string, string>>({});
  const dirty = images.dirty || videos.dirty;

  const setImage = (index: number, patch: Partial<InstitutionImage>) => images.update((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const setVideo = (index: number, patch: Partial<InstitutionVideo>) => {
    videos.update((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
    setVideoErrors({});
  };

  const upload = async (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, Math.max(0, MEDIA_ITEMS_MAX - images.value.length));
    if (fileInput.current) fileInput.current.value = '';
    setUploading((n) => n + picked.length);
    for (const file of picked) {
      try {
        const uploaded = await uploadImage({ file, name: file.name, type: 'institution', tags: ['institution'] });
        // New items go at the end, shown (002 §4); the first one is the logo until there is one.
        images.update((list) => [
          ...list,
          { id: newId(), image: uploaded._id, url: uploaded.url, position: list.length, hidden: false, purpose: list.some((i) => i.purpose === 'logo') ? 'gallery' : 'logo' },
        ]);
        enqueueSnackbar(UPLOAD_TOAST.success, { variant: 'success', autoHideDuration: UPLOAD_TOAST.hideAfterMs });
      } catch (error) {
        enqueueSnackbar(errorMessage(error) || UPLOAD_TOAST.failure, { variant: 'error' });
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const addVideo = () => {
    const item = { id: newId(), url: videoUrl.trim(), position: videos.value.length, hidden: false, purpose: 'about' as const };
    const check = institutionVideosBody.safeParse({ videos: [item] });
    if (!check.success) {
      setVideoErrors({ new: check.error.issues[0]?.message ?? 'Enter a valid video URL (http or https)' });
      return;
    }
    videos.update((list) => [...list, { ...item, position: list.length }]);
    setVideoUrl('');
    setVideoErrors({});
  };

  const updateImages = () => {
    const body = institutionImagesBody.parse({ images: renumber(images.value).map(({ url: _url, ...item }) => item) });
    saveImages.mutate(body, {
      onSuccess: () => {
        images.reset();
        enqueueSnackbar('images updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  };
  const updateVideos = () => {
    const parsed = institutionVideosBody.safeParse({ videos: renumber(videos.value) });
    if (!parsed.success) {
      setVideoErrors(fieldErrors(parsed.error.issues));
      return;
    }
    saveVideos.mutate(parsed.data, {
      onSuccess: () => {
        videos.reset();
        enqueueSnackbar('videos updated', { variant: 'success' });
      },
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  };
  const resetAll = () => {
    images.reset();
    videos.reset();
    setVideoErrors({});
  };

  return (
    <Stack spacing={2}>
      {dirty && (
        <Alert severity="warning" action={<Button color="inherit" size="small" startIcon={<Restore />} onClick={resetAll}>Reset</Button>}>
          You have unsaved changes to images or videos
        </Alert>
      )}

      <InstitutionSection title="Images">
        {images.value.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>No images yet. The first visible logo is the institution&apos;s logo.</Typography>
        ) : (
          <SortableList
            label="Images"
            items={images.value}
            getKey={(item) => item.id}
            itemLabel={(_item, index) => `image ${index + 1}`}
            onMove={(from, to) => images.update((list) => moveItem(list, from, to))}
            renderItem={(item, index) => (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, minWidth: 0 }}>
                <Thumbnail imageId={item.image} hidden={item.hidden} />
                <TextField
                  select
                  size="small"
                  label="Purpose"
                  value={item.purpose}
                  onChange={(e) => setImage(index, { purpose: e.target.value as InstitutionImagePurpose })}
                  sx={{ minWidth: 140 }}
                >
                  {institutionImagePurpose.options.map((p) => <MenuItem key={p} value={p}>{institutionImagePurposeLabels[p]}</MenuItem>)}
                </TextField>
                <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1 }}>
                  Position {item.position}{item.hidden ? ' \u00b7 hidden' : ''}
                </Typography>
                <ItemButtons
                  name={`image ${index + 1}`}
                  hidden={item.hidden}
                  onHidden={(hidden) => setImage(index, { hidden })}
                  onRemove={() => images.update((list) => renumber(list.filter((_, i) => i !== index)))}
                />
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
            <Button variant="contained" onClick={updateImages} disabled={!images.dirty || uploading > 0 || saveImages.isPending} loading={saveImages.isPending}>Save images</Button>
          </Stack>
        </Stack>
      </InstitutionSection>

      <InstitutionSection title="Videos">
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
                  onChange={(e) => setVideo(index, { purpose: e.target.value as InstitutionVideoPurpose })}
                  sx={{ minWidth: 120 }}
                >
                  {institutionVideoPurpose.options.map((p) => <MenuItem key={p} value={p}>{institutionVideoPurposeLabels[p]}</MenuItem>)}
                </TextField>
                <ItemButtons
                  name={`video ${index + 1}`}
                  hidden={item.hidden}
                  onHidden={(hidden) => setVideo(index, { hidden })}
                  onRemove={() => videos.update((list) => renumber(list.filter((_, i) => i !== index)))}
                />
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
          <Button variant="contained" onClick={updateVideos} disabled={!videos.dirty || saveVideos.isPending} loading={saveVideos.isPending}>Save videos</Button>
        </Stack>
      </InstitutionSection>
      <UnsavedChangesGuard when={dirty} />
    </Stack>
  );
}

/** Media tab (002 §3, §4): images (logo, banner, gallery, other) and videos, in order (drag or arrows, renumbered from 0), hide/show, Reset and Save. */
export function InstitutionMediaTab() {
  return <InstitutionTabFrame label="Media">{(props) => <MediaTab key={props.institution._id} {...props} />}</InstitutionTabFrame>;
}
