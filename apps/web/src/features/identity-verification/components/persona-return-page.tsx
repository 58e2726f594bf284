import { CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { tellParent } from './identity-inquiry-page.tsx';

/**
 * Where Persona's hosted flow returns inside the screen's frame once the inquiry is completed or failed (its
 * `redirect-uri`, with `inquiry-id`): it tells the screen, which asks the server to confirm with Persona. The status in
 * the address is never trusted.
 */
export function PersonaReturnPage() {
  const [params] = useSearchParams();
  const inquiryId = params.get('inquiry-id');
  useEffect(() => {
    if (inquiryId) tellParent('completed', inquiryId);
  }, [inquiryId]);
  return (
    <Stack spacing={2} role="status" sx={{ alignItems: 'center', pt: 8, px: 2, textAlign: 'center' }}>
      <CircularProgress aria-label="Confirming your verification" />
      <Typography variant="body1">Confirming your verification…</Typography>
    </Stack>
  );
}
