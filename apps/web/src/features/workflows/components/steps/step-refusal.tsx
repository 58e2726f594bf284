import { Alert } from '@mui/material';

/** The server's refusal of a step (or a form-level error), read out when it appears. */
export function StepRefusal({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" variant="outlined" role="alert">
      {message}
    </Alert>
  );
}
