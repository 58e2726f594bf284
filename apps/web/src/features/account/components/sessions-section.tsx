import Computer from '@mui/icons-material/Computer';
import Smartphone from '@mui/icons-material/Smartphone';
import { Alert, AlertTitle, Box, Button, Chip, Divider, Stack, Typography } from '@mui/material';
import type { SessionInfo } from '@tessera/domain';
import { Fragment } from 'react';
import { describeError } from '../../../components/error-details.ts';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { formatDateTime, formatRelativeOrDate, useDateFormats } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useEndOtherSessions } from '../api/end-other-sessions.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/list-sessions.ts';
import { SectionCard } from './section-card.tsx';

const PHONE_SYSTEMS = /\b(iOS|Android|iPadOS)\b/;

/** One session: the device, where and when it signed in, when it was last used, and its Sign out button. */
function SessionRow({ session, onEnd, ending }: { session: SessionInfo; onEnd: () => void; ending: boolean }) {
  const Icon = PHONE_SYSTEMS.test(session.device) ? Smartphone : Computer;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ py: 1.5, alignItems: { sm: 'center' } }}
      aria-label={session.current ? `${session.device}, this device` : session.device}
      role="listitem"
    >
      <Stack direction="row" spacing={2} sx={{ flex: 1, minWidth: 0, alignItems: 'flex-start' }}>
        <Icon sx={{ color: 'text.secondary', mt: 0.25 }} aria-hidden />
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{session.device}</Typography>
            {session.current && <Chip size="small" color="primary" variant="outlined" label="This device" />}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {session.ip ?? 'Unknown address'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <span title={formatDateTime(session.createdAt)}>Signed in {formatRelativeOrDate(session.createdAt)}</span>
            {' · '}
            <span title={formatDateTime(session.lastUsedAt)}>Last active {formatRelativeOrDate(session.lastUsedAt)}</span>
          </Typography>
        </Box>
      </Stack>
      {!session.current && (
        // Under the device's name on a narrow screen, beside it on a wide one.
        <Box sx={{ pl: { xs: 5, sm: 0 }, flexShrink: 0 }}>
          <Button variant="outlined" size="small" onClick={onEnd} loading={ending} aria-label={`Sign out ${session.device}`}>
            Sign out
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/**
 * "Where you're signed in" (issue #21): the user's sessions on this tenant, this browser's marked, any other ended
 * with its Sign out button, or all the others at once after a confirmation.
 */
export function SessionsSection() {
  useDateFormats();
  const { data: sessions, error, isPending, refetch } = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const { confirm, confirmDialog } = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  const end = (session: SessionInfo) =>
    endOne.mutate(session.id, {
      onSuccess: () => enqueueSnackbar('Session ended', { variant: 'success' }),
      onError: () => enqueueSnackbar('Unable to end the session', { variant: 'error' }),
    });
  const endAllOthers = () =>
    confirm({
      title: 'Sign out of all other sessions?',
      message: 'Every other browser and device signed in to your account here is signed out. This one stays signed in.',
      confirmLabel: 'Sign out',
      destructive: true,
      onConfirm: async () => {
        await endOthers.mutateAsync();
        enqueueSnackbar('Other sessions ended', { variant: 'success' });
      },
    });

  return (
    <SectionCard
      title="Where you're signed in"
      subtitle="The browsers and devices signed in to your account here. Sign out of any you do not recognize."
    >
      {isPending ? (
        <SkeletonList rows={2} rowHeight={64} label="Loading sessions" />
      ) : error || !sessions ? (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          <AlertTitle>Unable to load your sessions</AlertTitle>
          {describeError(error).message}
        </Alert>
      ) : (
        <Stack spacing={2}>
          {sessions.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No active sessions.</Typography>
          ) : (
            <Box role="list" aria-label="Sessions">
              {sessions.map((session, i) => (
                <Fragment key={session.id}>
                  {i > 0 && <Divider component="div" role="presentation" />}
                  <SessionRow session={session} onEnd={() => end(session)} ending={endOne.isPending && endOne.variables === session.id} />
                </Fragment>
              ))}
            </Box>
          )}
          {others === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              You are not signed in anywhere else.
            </Typography>
          ) : (
            <Box>
              <Button variant="outlined" color="error" onClick={endAllOthers}>
                Sign out of all other sessions
              </Button>
            </Box>
          )}
        </Stack>
      )}
      {confirmDialog}
    </SectionCard>
  );
}
