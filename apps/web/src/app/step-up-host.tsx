import { lazy, Suspense, useEffect, useState } from 'react';
import { registerStepUpHandler } from '../lib/api-client.ts';

// Loaded on the first refusal that asks for it: no page carries the dialog (nor the passkey code) until then.
const StepUpDialog = lazy(() =>
  import('../features/account-security/components/step-up-dialog.tsx').then((m) => ({ default: m.StepUpDialog })),
);

/**
 * The one step-up mechanism (issue #21): when any call answers 403 'Confirm it is you', the API client asks this host,
 * which opens "Confirm it's you" and answers whether the person confirmed; the client then sends the call again once.
 * Features need nothing of their own.
 */
export function StepUpHost() {
  const [pending, setPending] = useState<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerStepUpHandler(
        () =>
          new Promise<boolean>((resolve) => {
            setPending(() => resolve);
          }),
      ),
    [],
  );

  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        onDone={(confirmed) => {
          setPending(null);
          pending(confirmed);
        }}
      />
    </Suspense>
  );
}
