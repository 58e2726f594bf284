import Timer from '@mui/icons-material/Timer';
import { Button } from '@mui/material';
import { formatCountdown } from '@tessera/domain';
import { Hint } from '../../../components/hint.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { useTokenRefresh } from '../api/token-refresh.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { tokenExpiresAt } from '../../../lib/session/session-store.ts';

const WARNING_MS = 5 * 60 * 1000;

/** Minutes and seconds until the session expires; clicking refreshes the token (§2). */
export function SessionCountdown() {
  const { token } = useSession();
  const now = useNow();
  const refresh = useTokenRefresh();
  const { enqueueSnackbar } = useSnackbar();
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return null;
  const left = expiresAt - now;

  return (
    <Hint title="Time left in your session. Click to extend it." describeChild>
      <Button
        size="small"
        color={left < WARNING_MS ? 'warning' : 'inherit'}
        // Under 600 px the time alone: the icon's room keeps the time clear of the avatar beside it.
        startIcon={<Timer fontSize="small" />}
        loading={refresh.isPending}
        loadingPosition="start"
        // The promise, not mutate's callback: a refused refresh signs out and unmounts this button before it settles.
        onClick={() => void refresh.mutateAsync().catch(() => enqueueSnackbar('Unable to refresh session', { variant: 'error' }))}
        sx={{
          fontVariantNumeric: 'tabular-nums',
          minWidth: 0,
          px: 1,
          mr: { xs: 0.5, sm: 0 },
          '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        {formatCountdown(left)}
      </Button>
    </Hint>
  );
}
