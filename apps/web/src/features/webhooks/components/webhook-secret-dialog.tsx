import { DialogContentText, Link } from '@mui/material';
import { WEBHOOK_HEADERS, WEBHOOK_TEXTS, type WebhookEndpointWithSecret } from '@tessera/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ShownOnceDialog } from '../../../components/shown-once-dialog.tsx';

export interface ShownSecret {
  endpoint: WebhookEndpointWithSecret;
  /** Why it is shown: a new endpoint or a rotated secret. */
  reason: 'created' | 'rotated';
}

/** The endpoint's signing secret, shown once after adding the endpoint or rotating its secret. */
export function WebhookSecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  // The title and address stay while the dialog fades out; the secret itself goes at once.
  const [last, setLast] = useState(shown);
  if (shown && shown !== last) setLast(shown);
  return (
    <ShownOnceDialog
      value={shown?.endpoint.secret ?? null}
      title={last?.reason === 'rotated' ? 'New signing secret' : 'Signing secret'}
      warning={WEBHOOK_TEXTS.secretShownOnce}
      label="Signing secret"
      testId="webhook-secret-value"
      onClose={onClose}
    >
      <DialogContentText variant="body2" sx={{ mt: 2 }}>
        Every delivery to {last?.endpoint.url} carries a <code>{WEBHOOK_HEADERS.signature}</code> header computed with this secret. The{' '}
        <Link component={RouterLink} to="/docs/webhooks" target="_blank">
          webhook guide
        </Link>{' '}
        shows how to verify it.
      </DialogContentText>
    </ShownOnceDialog>
  );
}
