import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import {
  IDENTITY_TEXTS,
  IDENTITY_WIDGET_SIZE,
  identityInquiryMessage,
  PERSONA_HOSTED_FLOW_ORIGIN,
  PERSONA_RETURN_PATH,
  type InquiryEmbed,
  type OpenedIdentityInquiry,
} from '@tessera/domain';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useCompleteIdentityInquiry } from '../api/complete-identity-inquiry.ts';
import { useOpenIdentityInquiry } from '../api/open-identity-inquiry.ts';

export const CHECKLIST_PATH = '/investor/onboarding/checklist';

/** What the frame loads: the built-in inquiry's page, or Persona's hosted flow returning to our page in the frame. */
export function frameSource(embed: InquiryEmbed, origin = window.location.origin): string {
  if (embed.kind === 'frame') return embed.url;
  const params = new URLSearchParams({
    'inquiry-id': embed.inquiryId,
    'environment-id': embed.environmentId,
    'redirect-uri': `${origin}${PERSONA_RETURN_PATH}`,
  });
  if (embed.sessionToken) params.set('session-token', embed.sessionToken);
  return `${PERSONA_HOSTED_FLOW_ORIGIN}/verify?${params.toString()}`;
}

/**
 * Spec 001 §2 'Identity verification screen': opening it opens an inquiry (status started) shown in a 400×650 frame
 * (narrower on a phone). When the framed inquiry says it completed, the server confirms it with the provider; the
 * saved toast and the way back to the checklist follow only from the server's answer (§8 texts).
 */
export function VerifyIdentityPage() {
  const { user } = useSession();
  const userId = user?._id ?? '';
  const open = useOpenIdentityInquiry(userId);
  const complete = useCompleteIdentityInquiry(userId);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [opened, setOpened] = useState<OpenedIdentityInquiry | null>(null);
  const asked = useRef(false);

  const openInquiry = () =>
    open.mutate(undefined, {
      onSuccess: setOpened,
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 409)) enqueueSnackbar(IDENTITY_TEXTS.failed, { variant: 'error' });
      },
    });
  useEffect(() => {
    // Once per visit (React's development double effect included): each open is a new inquiry.
    if (asked.current || !userId) return;
    asked.current = true;
    openInquiry();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opened once on arrival
  }, [userId]);

  useEffect(() => {
    if (!opened) return;
    // The inquiry names itself by our id (built-in) or Persona's (its return page).
    const ids = new Set([opened.inquiry._id, ...(opened.embed.kind === 'persona' ? [opened.embed.inquiryId] : [])]);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const parsed = identityInquiryMessage.safeParse(event.data);
      if (!parsed.success || !ids.has(parsed.data.inquiryId)) return;
      if (parsed.data.event === 'cancelled') {
        enqueueSnackbar(IDENTITY_TEXTS.incomplete, { variant: 'warning' });
        return;
      }
      complete.mutate(opened.inquiry._id, {
        onSuccess: (inquiry) => {
          if (inquiry.status === 'approved' || inquiry.status === 'submitted') {
            enqueueSnackbar(IDENTITY_TEXTS.saved, { variant: 'success' });
            void navigate(CHECKLIST_PATH);
          } else {
            enqueueSnackbar(IDENTITY_TEXTS.incomplete, { variant: 'warning' });
          }
        },
        onError: (error) => {
          const unfinished = error instanceof ApiError && error.status === 409;
          enqueueSnackbar(unfinished ? IDENTITY_TEXTS.incomplete : IDENTITY_TEXTS.failed, { variant: unfinished ? 'warning' : 'error' });
        },
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [opened, complete, enqueueSnackbar, navigate]);

  const alreadyVerified = open.error instanceof ApiError && open.error.status === 409;
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: { xs: 2, sm: 4 }, px: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1">
        Identity Verification
      </Typography>
      {alreadyVerified ? (
        <Alert
          severity="success"
          action={
            <Button component={RouterLink} to={CHECKLIST_PATH}>
              Back to checklist
            </Button>
          }
        >
          Your identity is already verified.
        </Alert>
      ) : open.isError ? (
        <Alert severity="error" action={<Button onClick={openInquiry}>Try again</Button>}>
          {IDENTITY_TEXTS.failed}
        </Alert>
      ) : (
        <Box
          data-testid="identity-frame"
          sx={{
            width: '100%',
            maxWidth: IDENTITY_WIDGET_SIZE.width,
            height: IDENTITY_WIDGET_SIZE.height,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'background.paper',
          }}
        >
          {opened ? (
            <Box
              component="iframe"
              title="Identity verification"
              src={frameSource(opened.embed)}
              allow="camera"
              sx={{ width: '100%', height: '100%', border: 0, display: 'block' }}
            />
          ) : (
            <CircularProgress aria-label="Opening the identity verification" />
          )}
        </Box>
      )}
      {complete.isPending && (
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
          Confirming your verification…
        </Typography>
      )}
    </Stack>
  );
}
