import { Alert } from '@mui/material';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';

/**
 * A billing section that failed to load. A refusal (403: a team member or viewer, who may not see billing) is an
 * answer, shown as the server's message; anything else is the generic error block with Try again.
 */
export function BillingLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403)
    return (
      <Alert severity="info" variant="outlined">
        {errorMessage(error)}
      </Alert>
    );
  return <ErrorBlock error={error} onRetry={onRetry} />;
}
