import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { investmentStepKey, type InvestmentStepData, type InvestmentStepKey, type Workflow } from '@tessera/domain';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../lib/api-client.ts';
import { downloadDocument } from '../../../documents/index.ts';
import { useFinancialAccounts } from '../../../financial-accounts/index.ts';
import { useIndividualProfiles } from '../../../individual-profiles/index.ts';
import { StepFrame } from '../step-frame.tsx';
import type { StepProps } from './step-props.ts';
import { StepRefusal } from './step-refusal.tsx';
import { summaryLines, type SummaryNames } from './summary-lines.ts';
import { useStepSubmit } from './use-step-submit.ts';

export const SUBMITTED_TITLE = 'Subscription submitted';
export const SUBMITTED_TEXT = 'The sponsor was notified and will review your subscription. You can follow it from your investments.';

/** 001 §2 summary: every step's answers with a way back to change them, the signed documents, then the submission. */
export function SummaryStep(props: StepProps) {
  const { workflow } = props;
  const { submit, submitting, refusal } = useStepSubmit(props, 'summary');
  const [submitted, setSubmitted] = useState(false);
  const names = useSummaryNames();

  if (submitted || workflow.status === 'completed') return <Submitted workflow={workflow} />;

  const steps = workflow.steps.filter(
    (s): s is typeof s & { key: InvestmentStepKey } => investmentStepKey.safeParse(s.key).success && s.key !== 'summary',
  );
  const open = steps.filter((s) => s.status !== 'completed' && s.status !== 'skipped');
  const signed = steps.some((s) => s.key === 'esignature' && s.status === 'completed');
  const onContinue = () => submit({ submitted: true }, () => setSubmitted(true));

  return (
    <StepFrame
      step={props.step}
      onBack={props.onBack}
      submitting={submitting}
      continueLabel="Submit subscription"
      onContinue={onContinue}
      continueDisabled={open.length > 0}
    >
      <StepRefusal message={refusal} />
      {signed && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The agreement is signed with these answers, so they can no longer change.
        </Typography>
      )}
      {open.length > 0 && (
        <Alert severity="warning" variant="outlined">
          {`Complete every step before you submit: ${open.map((s) => s.name).join(', ')}.`}
        </Alert>
      )}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {steps.map((step) => (
          <Paper key={step.key} component="li" variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
                <Typography component="h3" variant="subtitle1">
                  {step.name}
                </Typography>
                {step.status === 'skipped' && <Chip size="small" label="Skipped" />}
                {step.status !== 'completed' && step.status !== 'skipped' && <Chip size="small" variant="outlined" label="Not completed" />}
              </Stack>
              {/* Signed, the answers are in the agreement and the server refuses changes: no Edit then. */}
              {!signed ? (
                <Button size="small" startIcon={<Edit />} onClick={() => props.goToStep(step.key)} aria-label={`Edit ${step.name}`}>
                  Edit
                </Button>
              ) : null}
            </Stack>
            {step.status === 'completed' && <Lines lines={summaryLines(step.key, step.data, names)} />}
            {step.key === 'esignature' && step.status === 'completed' && (
              <SignedDocuments workflowName={workflow.name} data={step.data as Partial<InvestmentStepData['esignature']>} />
            )}
          </Paper>
        ))}
      </Stack>
    </StepFrame>
  );
}

function Lines({ lines }: { lines: [string, string][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, auto) 1fr' }, columnGap: 2, rowGap: 0.25, m: 0 }}
    >
      {lines.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The names of the caller's profiles and accounts the steps chose by id. */
function useSummaryNames(): SummaryNames {
  const profiles = useIndividualProfiles();
  const accounts = useFinancialAccounts();
  return useMemo(
    () => ({
      profiles: new Map((profiles.data ?? []).map((p) => [p._id, `${p.firstname} ${p.lastname}`.trim()])),
      accounts: new Map((accounts.data ?? []).map((a) => [a._id, `${a.accountName} (${a.number})`])),
    }),
    [profiles.data, accounts.data],
  );
}

function SignedDocuments({ workflowName, data }: { workflowName: string; data: Partial<InvestmentStepData['esignature']> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const download = (id: string, originalName: string) => {
    setFailure(null);
    downloadDocument({ _id: id, originalName }).catch((error: unknown) => setFailure(`The download failed: ${errorMessage(error)}`));
  };
  return (
    <Stack sx={{ mt: 1.5, gap: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
        {data.signedDocumentId && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Download />}
            onClick={() => data.signedDocumentId && download(data.signedDocumentId, `${workflowName} - signed agreement.pdf`)}
          >
            Signed agreement
          </Button>
        )}
        {data.certificateDocumentId && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Download />}
            onClick={() =>
              data.certificateDocumentId && download(data.certificateDocumentId, `${workflowName} - certificate of completion.pdf`)
            }
          >
            Certificate of completion
          </Button>
        )}
      </Stack>
      {failure && (
        <Alert severity="error" variant="outlined">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

function Submitted({ workflow }: { workflow: Workflow }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <CheckCircle color="success" sx={{ fontSize: 56 }} aria-hidden />
      <Typography component="h2" variant="h5" sx={{ mt: 1 }}>
        {SUBMITTED_TITLE}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, maxWidth: 520, mx: 'auto' }}>
        {workflow.institution
          ? `${workflow.institution.name} was notified and will review your subscription. You can follow it from your investments.`
          : SUBMITTED_TEXT}
      </Typography>
      <Button component={RouterLink} to="/investor/investments" variant="contained" sx={{ mt: 3 }}>
        Go to Investments
      </Button>
    </Paper>
  );
}
