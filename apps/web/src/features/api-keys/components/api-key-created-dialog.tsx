import { apiKeyKindLabels, type ApiKeyCreated } from '@tessera/domain';
import { ShownOnceDialog } from '../../../components/shown-once-dialog.tsx';

export const KEY_SHOWN_ONCE = 'Copy this key now: it will not be shown again.';

/** Shows a freshly generated key, once: closing the dialog drops it. */
export function ApiKeyCreatedDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose: () => void }) {
  return (
    <ShownOnceDialog
      value={created?.key ?? null}
      title={created ? `${apiKeyKindLabels[created.kind]} API key generated` : ''}
      warning={KEY_SHOWN_ONCE}
      label="API key"
      testId="api-key-value"
      onClose={onClose}
    />
  );
}
