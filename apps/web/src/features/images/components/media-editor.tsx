import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageNotSupported from '@mui/icons-material/ImageNotSupported';
import Restore from '@mui/icons-material/Restore';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Alert, Box, Button, IconButton, MenuItem, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { MEDIA_ITEMS_MAX, moveItem, renumber, UPLOAD_TOAST } from '@tessera/domain';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { SectionCard } from '../../../components/section-card.tsx';
import { SortableList } from '../../../components/sortable-list.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { useDraft } from '../../../hooks/use-draft.ts';
import { newId } from '../../../lib/new-id.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useImageUrl } from '../api/get-image.ts';
import { uploadImage } from '../api/upload-image.ts';

/** An image or video of an offer or an institution (002 §3 media item). */
interface MediaImageItem<P extends string> {
  id: string;
  image: string;
  url?: string;
  position: number;
  hidden: boolean;
  purpose: P;
}
interface MediaVideoItem<P extends string> {
  id: string;
  url: string;
  position: number;
  hidden: boolean;
  purpose: P;
}

interface MediaKind<P extends string> {
  options: readonly P[];
  labels: Record<P, string>;
  /** The purpose of a newly added item, given those already there. */
  defaultPurpose: (existing: readonly { purpose: P }[]) => P;
}

interface MediaEditorProps<IP extends string, VP extends string> {
  /** What the images are of, for the upload's type and tag ('offer', 'institution'). */
  owner: string;
  images: readonly MediaImageItem<IP>[];
  videos: readonly MediaVideoItem<VP>[];
  imageKind: MediaKind<IP>;
  videoKind: MediaKind<VP>;
  /** The PUT bodies' schemas: the lists are checked against them before they are sent. */
  imagesBody: z.ZodType<{ images: unknown[] }>;
  videosBody: z.ZodType<{ videos: unknown[] }>;
  saveImages: (body: { images: unknown[] }) => Promise<unknown>;
  saveVideos: (body: { videos: unknown[] }) => Promise<unknown>;
  /** The toast of a failed upload or save (§8: the server's message, else a fixed text). */
  errorText: (error: unknown, fallback: string) => string;
  saveErrorText: string;
  emptyImagesText: string;
}

/**
 * The purpose picker keeps a set width beside the other fields: left to size itself, a select in a row grew over
 * the whole row and squeezed the video's URL to 28 px at 1280 px (issue #17). Full width when the row stacks (xs).
 */
const PURPOSE_SX = { width: { xs: '100%', sm: 160 }, flexShrink: 0 } as const;

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
  // contain: a preview shows the whole image (a square logo is not cropped to the 3:2 box).
  return (
    <Box component="img" src={url} alt="" sx={{ ...size, objectFit: 'contain', bgcolor: 'action.hover', opacity: hidden ? 0.4 : 1 }} />
  );
}

function ItemButtons({
  name,
  hidden,
  onHidden,
  onRemove,
}: {
  name: string;
  hidden: boolean;
  onHidden: (hidden: boolean) => void;
  onRemove: () => void;
}) {
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

/**
 * The media tab of offers and institutions (002 §3, §4): images (uploaded) and videos (links), each with a
 * purpose, an order (drag or arrows, renumbered from 0) and hide/show; new items go at the end, shown.
 * Reset restores the server copy, and a warning stays up while anything is unsaved.
 */
export function MediaEditor<IP extends string, VP extends string>(props: MediaEditorProps<IP, VP>) {
  const { owner, imageKind, videoKind, imagesBody, videosBody, errorText, saveErrorText } = props;
  const { enqueueSnackbar } = useSnackbar();
  const images = useDraft(byPosition(props.images));
  const videos = useDraft(byPosition(props.videos));
  const [savingImages, setSavingImages] = useState(false);
  const [savingVideos, setSavingVideos] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [videoUrl, setVideoUrl] = useState('');
  const [videoErrors, setVideoErrors] = useState<Record<string, string>>({});
  const dirty = images.dirty || videos.dirty;

  const setImage = (index: number, patch: Partial<MediaImageItem<IP>>) =>
    images.update((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const setVideo = (index: number, patch: Partial<MediaVideoItem<VP>>) => {
    videos.update((list) => list.map((item, i) => (i === index ? { ...item, ...patch } : item)));
    setVideoErrors({});
  };

  const upload = async (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, Math.max(0, MEDIA_ITEMS_MAX - images.value.length));
    if (fileInput.current) fileInput.current.value = '';
    setUploading((n) => n + picked.length);
    for (const file of picked) {
      try {
        const uploaded = await uploadImage({ file, name: file.name, type: owner, tags: [owner] });
        images.update((list) => [
          ...list,
          {
            id: newId(),
            image: uploaded._id,
            url: uploaded.url,
            position: list.length,
            hidden: false,
            purpose: imageKind.defaultPurpose(list),
          },
        ]);
        enqueueSnackbar(UPLOAD_TOAST.success, { variant: 'success', autoHideDuration: UPLOAD_TOAST.hideAfterMs });
      } catch (error) {
        enqueueSnackbar(errorText(error, UPLOAD_TOAST.failure), { variant: 'error' });
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const addVideo = () => {
    const item = {
      id: newId(),
      url: videoUrl.trim(),
      position: videos.value.length,
      hidden: false,
      purpose: videoKind.defaultPurpose(videos.value),
    };
    const check = videosBody.safeParse({ videos: [item] });
    if (!check.success) {
      setVideoErrors({ new: check.error.issues[0]?.message ?? 'Enter a valid video URL (http or https)' });
      return;
    }
    videos.update((list) => [...list, { ...item, position: list.length }]);
    setVideoUrl('');
    setVideoErrors({});
  };

  const save = async (what: 'images' | 'videos') => {
    const draft = what === 'images' ? images : videos;
    const parsed =
      what === 'images'
        ? imagesBody.safeParse({ images: renumber(images.value).map(({ url: _url, ...item }) => item) })
        : videosBody.safeParse({ videos: renumber(videos.value) });
    if (!parsed.success) {
      if (what === 'videos') setVideoErrors(fieldErrors(parsed.error.issues));
      else enqueueSnackbar(parsed.error.issues[0]?.message ?? saveErrorText, { variant: 'error' });
      return;
    }
    const setSaving = what === 'images' ? setSavingImages : setSavingVideos;
    setSaving(true);
    try {
      await (what === 'images'
        ? props.saveImages(parsed.data as { images: unknown[] })
        : props.saveVideos(parsed.data as { videos: unknown[] }));
      draft.reset();
      enqueueSnackbar(`${what} updated`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorText(error, saveErrorText), { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const resetAll = () => {
    images.reset();
    videos.reset();
    setVideoErrors({});
  };

  return (
    <Stack spacing={2}>
      {dirty && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" startIcon={<Restore />} onClick={resetAll}>
              Reset
            </Button>
          }
        >
          You have unsaved changes to images or videos
        </Alert>
      )}

      <SectionCard title="Images">
        {images.value.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {props.emptyImagesText}
          </Typography>
        ) : (
          <SortableList
            label="Images"
            items={images.value}
            getKey={(item) => item.id}
            itemLabel={(_item, index) => `image ${index + 1}`}
            onMove={(from, to) => images.update((list) => moveItem(list, from, to))}
            renderItem={(item, index) => (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' }, minWidth: 0 }}
                data-image={item.image}
              >
                <Thumbnail imageId={item.image} hidden={item.hidden} />
                <TextField
                  select
                  size="small"
                  label="Purpose"
                  value={item.purpose}
                  onChange={(e) => setImage(index, { purpose: e.target.value as IP })}
                  sx={PURPOSE_SX}
                >
                  {imageKind.options.map((p) => (
                    <MenuItem key={p} value={p}>
                      {imageKind.labels[p]}
                    </MenuItem>
                  ))}
                </TextField>
                <Typography variant="caption" sx={{ color: 'text.secondary', flex: 1 }}>
                  Position {item.position}
                  {item.hidden ? ' \u00b7 hidden' : ''}
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
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          hidden
          aria-label="Image files"
          onChange={(e) => void upload(e.target.files)}
        />
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Button
            startIcon={<AddPhotoAlternate />}
            onClick={() => fileInput.current?.click()}
            loading={uploading > 0}
            loadingPosition="start"
            disabled={images.value.length >= MEDIA_ITEMS_MAX}
          >
            Add images
          </Button>
          <Stack direction="row" spacing={1}>
            <Button onClick={images.reset} disabled={!images.dirty || savingImages}>
              Reset
            </Button>
            <Button
              variant="contained"
              onClick={() => void save('images')}
              disabled={!images.dirty || uploading > 0 || savingImages}
              loading={savingImages}
            >
              Update images
            </Button>
          </Stack>
        </Stack>
      </SectionCard>

      <SectionCard title="Videos">
        {videos.value.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No videos yet.
          </Typography>
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
                  onChange={(e) => setVideo(index, { purpose: e.target.value as VP })}
                  sx={PURPOSE_SX}
                >
                  {videoKind.options.map((p) => (
                    <MenuItem key={p} value={p}>
                      {videoKind.labels[p]}
                    </MenuItem>
                  ))}
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
            helperText={
              videoErrors.new ??
              `A YouTube, Vimeo or file link; added with the purpose ${videoKind.labels[videoKind.defaultPurpose(videos.value)]}`
            }
            sx={{ flex: 1 }}
          />
          <Button variant="outlined" onClick={addVideo} disabled={videoUrl.trim() === '' || videos.value.length >= MEDIA_ITEMS_MAX}>
            Add video
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            onClick={() => {
              videos.reset();
              setVideoErrors({});
            }}
            disabled={!videos.dirty || savingVideos}
          >
            Reset
          </Button>
          <Button variant="contained" onClick={() => void save('videos')} disabled={!videos.dirty || savingVideos} loading={savingVideos}>
            Update videos
          </Button>
        </Stack>
      </SectionCard>
      <UnsavedChangesGuard when={dirty} />
    </Stack>
  );
}
