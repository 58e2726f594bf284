import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, Button, Skeleton, Stack } from '@mui/material';
import type { EsignEnvelope, SignSubscriptionBody } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { useSession } from '../../../../lib/session/use-session.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { esignEnvelopeQueryOptions, useEsignEnvelope } from '../../api/esign/get-esign-envelope.ts';
import { usePrepareEsign } from '../../api/esign/prepare-esign.ts';
import { useSignSubscription } from '../../api/esign/sign-subscription.ts';
import { workflowQueryOptions } from '../../api/get-workflow.ts';
import { AgreementPreview } from '../esign/agreement-preview.tsx';
import { SignForm } from '../esign/sign-form.tsx';
import { SignedPanel } from '../esign/signed-panel.tsx';
import { StepFrame } from '../step-frame.tsx';
import { WORKFLOW_STEP_TOASTS } from '../workflow-toasts.ts';
import type { StepProps } from './step-props.ts';
import { StepRefusal } from './step-refusal.tsx';

export const AGREEMENT_CHANGED_TEXT = 'The agreement changed; review it again';

/** An envelope to sign needs preparing when there is none yet or the last one was voided. */
const needsPreparing = (envelope: EsignEnvelope | null) => envelope === null || envelope.status === 'voided';

/**
 * 001 §2 e-signature: the subscription agreement filled with the workflow's data, signed with a typed or drawn
 * signature and the consent; the server seals it and completes the step, and the signed file and the certificate of
 * completion are then the investor's to download. Continue then goes on to the summary.
 */
export function EsignatureStep(props: StepProps) {
  const { tenantId, workflow } = props;
  const formId = useId();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const userId = useSession().user?._id ?? workflow.owner;
  const envelope = useEsignEnvelope(tenantId, workflow._id);
  const prepare = usePrepareEsign(tenantId, workflow._id);
  const sign = useSignSubscription(tenantId, workflow._id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [continuing, setContinuing] = useState(false);
  // One preparation per envelope seen, so a failed one is retried by the person, not in a loop.
  const preparedFor = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (envelope.data === undefined || !needsPreparing(envelope.data)) return;
    const seen = envelope.data?._id ?? null;
    if (preparedFor.current === seen) return;
    preparedFor.current = seen;
    prepare.mutate();
  }, [envelope.data, prepare]);

  const onSign = (body: SignSubscriptionBody) => {
    setRefusal(null);
    sign.mutate(body, {
      onSuccess: () => enqueueSnackbar(WORKFLOW_STEP_TOASTS.complete, { variant: 'success' }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setRefusal(AGREEMENT_CHANGED_TEXT);
          void queryClient.invalidateQueries({ queryKey: esignEnvelopeQueryOptions(tenantId, workflow._id).queryKey });
        } else setRefusal(errorMessage(error));
      },
    });
  };

  // The server completed the step when it signed: the screen moves on with the workflow as it now stands.
  const continueOn = () => {
    setContinuing(true);
    queryClient
      .fetchQuery({ ...workflowQueryOptions(tenantId, workflow._id), staleTime: 0 })
      .then(props.onCompleted, (error: unknown) => setRefusal(errorMessage(error)))
      .finally(() => setContinuing(false));
  };

  const current = envelope.data;
  const signed = current?.status === 'signed';
  const frame = signed
    ? { onContinue: continueOn, continueLabel: 'Continue' }
    : current && current.status === 'created' && current.provider === 'builtin' && current.unsignedSha256
      ? { formId, continueLabel: 'Sign' }
      : { continueLabel: 'Sign', onContinue: () => undefined, continueDisabled: true };

  const loadError = envelope.error ?? prepare.error;
  let body;
  if (loadError) {
    body = (
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => (envelope.error ? void envelope.refetch() : prepare.mutate())}
            loading={prepare.isPending}
          >
            Try again
          </Button>
        }
      >
        {`The agreement could not be prepared: ${errorMessage(loadError)}`}
      </Alert>
    );
  } else if (!current || needsPreparing(current)) {
    body = <Skeleton role="progressbar" variant="rounded" height={420} aria-label="Preparing the agreement" />;
  } else if (signed) {
    body = <SignedPanel envelope={current} workflowName={workflow.name} />;
  } else if (current.provider === 'external') {
    body = (
      <Alert severity="info" variant="outlined">
        The agreement is signed with the sponsor&apos;s e-signature provider. Sign it there, then come back to this page.
        {current.signingUrl && (
          <div>
            <Button href={current.signingUrl} target="_blank" rel="noopener" startIcon={<OpenInNew />} sx={{ mt: 1 }}>
              Open the signing page
            </Button>
          </div>
        )}
      </Alert>
    );
  } else if (current.unsignedSha256) {
    body = (
      <Stack spacing={3}>
        <AgreementPreview tenantId={tenantId} workflowId={workflow._id} unsignedSha256={current.unsignedSha256} />
        {/* A new envelope (after a change) starts the form afresh: consent is given to the agreement shown. */}
        <SignForm key={current.unsignedSha256} formId={formId} userId={userId} unsignedSha256={current.unsignedSha256} onSign={onSign} />
      </Stack>
    );
  }

  return (
    <StepFrame step={props.step} onBack={props.onBack} submitting={sign.isPending || continuing} {...frame}>
      <StepRefusal message={refusal} />
      {body}
    </StepFrame>
  );
}
