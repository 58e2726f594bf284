import { Alert, AlertTitle } from '@mui/material';
import { errorMessage } from '../../../lib/api-client.ts';

/** The failed call's message, inline under the form (§8). */
export function FormError({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert severity="error" role="alert">
      {title && <AlertTitle>{title}</AlertTitle>}
      {errorMessage(error)}
    </Alert>
  );
}
