import { Divider, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

/** An API tab's two parts, each under its own heading: API keys, then webhooks. */
export function DeveloperSections({ keys, webhooks }: { keys: ReactNode; webhooks: ReactNode }) {
  const id = useId();
  return (
    <Stack spacing={3} divider={<Divider />}>
      <Stack component="section" aria-labelledby={`${id}-keys`} spacing={2}>
        <Typography id={`${id}-keys`} component="h2" variant="h6">
          API keys
        </Typography>
        {keys}
      </Stack>
      <Stack component="section" aria-labelledby={`${id}-webhooks`} spacing={2}>
        <Typography id={`${id}-webhooks`} component="h2" variant="h6">
          Webhooks
        </Typography>
        {webhooks}
      </Stack>
    </Stack>
  );
}
