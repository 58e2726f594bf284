import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { useSaveUserSignature } from '../../api/esign/save-user-signature.ts';
import { useUserSignature } from '../../api/esign/user-signature.ts';
import { useUserSignatureInfo } from '../../api/esign/user-signature-info.ts';
import { SignaturePad, type SignaturePadHandle } from '../signature-pad.tsx';

/** The saved signature's image, read with the session. */
function SavedSignatureImage({ userId, updatedAt }: { userId: string; updatedAt: string }) {
  const image = useUserSignature(userId, updatedAt);
  const url = image.data;
  if (image.error)
    return <Typography variant="body2">{`Your saved signature could not be shown: ${errorMessage(image.error)}`}</Typography>;
  if (!url) return <Skeleton role="progressbar" variant="rounded" height={100} aria-label="Loading your saved signature" />;
  return (
    <Box sx={{ bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, textAlign: 'center' }}>
      <Box component="img" src={url} alt="Your saved signature" sx={{ maxWidth: '100%', maxHeight: 120 }} />
    </Box>
  );
}

/**
 * The drawn signature (PUT user/{id}/signature): the saved one, used as is or replaced, or a new one drawn and saved.
 * Signing uses the saved signature, so `onReady(true)` only once one is saved and chosen.
 */
export function DrawnSignature({ userId, onReady }: { userId: string; onReady: (ready: boolean) => void }) {
  const info = useUserSignatureInfo(userId);
  const save = useSaveUserSignature(userId);
  const pad = useRef<SignaturePadHandle>(null);
  const [drawing, setDrawing] = useState(false);
  const [empty, setEmpty] = useState(true);
  const hasSaved = Boolean(info.data?.hasSignature && info.data.updatedAt);
  const usingSaved = hasSaved && !drawing;

  useEffect(() => onReady(usingSaved), [usingSaved, onReady]);

  if (info.isPending) return <Skeleton role="progressbar" variant="rounded" height={180} aria-label="Loading your saved signature" />;
  if (info.error)
    return (
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button color="inherit" size="small" onClick={() => void info.refetch()}>
            Try again
          </Button>
        }
      >
        {`Your saved signature could not be loaded: ${errorMessage(info.error)}`}
      </Alert>
    );

  if (usingSaved && info.data?.updatedAt) {
    return (
      <Stack spacing={1.5}>
        <SavedSignatureImage userId={userId} updatedAt={info.data.updatedAt} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {`Using your saved signature (saved ${formatDateTime(info.data.updatedAt)}).`}
        </Typography>
        <div>
          <Button size="small" onClick={() => setDrawing(true)}>
            Draw a new one
          </Button>
        </div>
      </Stack>
    );
  }

  const saveDrawing = async () => {
    const png = await pad.current?.toPng();
    if (!png) return;
    save.mutate(png, { onSuccess: () => setDrawing(false) });
  };

  return (
    <Stack spacing={1.5}>
      <SignaturePad ref={pad} onChange={setEmpty} label="Draw your signature" />
      {save.error && (
        <Alert severity="error" variant="outlined">
          {`Your signature could not be saved: ${errorMessage(save.error)}`}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" disabled={empty} loading={save.isPending} onClick={() => void saveDrawing()}>
          Save signature
        </Button>
        {hasSaved && (
          <Button size="small" onClick={() => setDrawing(false)}>
            Use saved signature
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
