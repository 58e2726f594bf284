import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { qualificationData, type Application, type QualificationBasis } from '@tessera/domain';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { StatusDot } from '../../../../components/status-dot.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
import { formSubmit } from '../../../../lib/form-submit.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { accreditationStanding, useApplication, useCreateApplication } from '../../../applications/index.ts';
import { useMarketplaceOffer } from '../../../marketplace/index.ts';
import { useCurrentUser } from '../../../onboarding/index.ts';
import { StepFrame } from '../step-frame.tsx';
import { BooleanField, RadioField } from './step-fields.tsx';
import type { StepProps } from './step-props.ts';
import { StepRefusal } from './step-refusal.tsx';
import { savedData, useStepSubmit } from './use-step-submit.ts';

export const RULE_506C_TEXT =
  'This offer is made under Rule 506(c): only investors whose accreditation has been verified, approved and has not expired may invest.';
export const SELF_CERTIFY_TEXT =
  'I certify that I am an accredited investor as defined in Rule 501(a) of Regulation D, and I will provide proof if asked.';

/** The domain's data, plus what the form asks of a self-certification: the box ticked. */
const qualificationForm = qualificationData.superRefine((v, ctx) => {
  if (v.basis === 'self-certified' && !v.selfCertified)
    ctx.addIssue({ code: 'custom', path: ['selfCertified'], message: 'Certify that you are an accredited investor' });
  if (v.basis === 'verified-accreditation' && !v.accreditationApplicationId)
    ctx.addIssue({ code: 'custom', path: ['basis'], message: 'Your accreditation is not verified yet' });
});

interface Form {
  basis: QualificationBasis | null;
  accreditationApplicationId: string | null;
  selfCertified: boolean;
}

/**
 * How the investor qualifies (001 §2): their verified accreditation, required for a 506(c) offer (approved and not
 * expired, else a way to apply and no Continue), or elsewhere a self-certification.
 */
export function QualificationStep(props: StepProps) {
  const { user } = useCurrentUser();
  const applicationId = user?.accreditationApplicationId ?? null;
  const application = useApplication(applicationId);
  const offerId = props.workflow.config.offer ?? '';
  const offer = useMarketplaceOffer(props.tenantId, offerId, offerId !== '');

  const loading = !user || (applicationId && application.isPending) || (offerId && offer.isPending);
  const failure = (applicationId ? application.error : null) ?? (offerId ? offer.error : null);
  if (failure) {
    return (
      <StepFrame step={props.step} onBack={props.onBack} submitting={false}>
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void (application.error ? application.refetch() : offer.refetch())}>
              Try again
            </Button>
          }
        >
          {`Your qualification could not be checked: ${errorMessage(failure)}`}
        </Alert>
      </StepFrame>
    );
  }
  if (loading) {
    return (
      <StepFrame step={props.step} onBack={props.onBack} submitting={false}>
        <Skeleton role="progressbar" variant="rounded" height={160} aria-label="Loading your accreditation" />
      </StepFrame>
    );
  }
  const rule506c = offer.data?.fedExemptionExclusions.includes('rule-506-c') ?? false;
  return <QualificationForm {...props} application={application.data} rule506c={rule506c} />;
}

function QualificationForm(props: StepProps & { application: Application | undefined; rule506c: boolean }) {
  const { application, rule506c } = props;
  const formId = useId();
  const standing = accreditationStanding(application);
  const verifiedId = standing.approved && application ? application._id : null;
  const { submit, submitting, refusal } = useStepSubmit(props, 'qualification');
  const saved = savedData(props.step, 'qualification');
  const { control, handleSubmit } = useForm<Form, unknown, z.output<typeof qualificationData>>({
    resolver: zodResolver(qualificationForm) as never,
    defaultValues: {
      basis: rule506c || verifiedId ? 'verified-accreditation' : (saved.basis ?? null),
      accreditationApplicationId: verifiedId,
      selfCertified: saved.selfCertified ?? false,
    },
  });
  const basis = useWatch({ control, name: 'basis' });
  const blocked = rule506c && !verifiedId;

  const onSubmit = handleSubmit((data) =>
    submit(
      data.basis === 'verified-accreditation'
        ? { basis: data.basis, accreditationApplicationId: verifiedId, selfCertified: false }
        : { basis: data.basis, accreditationApplicationId: null, selfCertified: data.selfCertified },
    ),
  );

  return (
    <StepFrame step={props.step} onBack={props.onBack} submitting={submitting} formId={formId} continueDisabled={blocked}>
      <StepRefusal message={refusal} />
      <AccreditationSummary application={application} />
      {blocked ? (
        <Alert severity="warning" variant="outlined">
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {RULE_506C_TEXT}
          </Typography>
          <ApplyButton application={application} />
        </Alert>
      ) : (
        <Stack component="form" id={formId} noValidate spacing={2} onSubmit={formSubmit(onSubmit)}>
          {rule506c ? (
            <Alert severity="info" variant="outlined">
              This offer is made under Rule 506(c): you invest with your verified accreditation.
            </Alert>
          ) : (
            <RadioField
              control={control}
              name="basis"
              label="How you qualify"
              options={[
                {
                  value: 'verified-accreditation',
                  label: verifiedId ? 'My verified accreditation' : 'My verified accreditation (not available: not approved)',
                },
                { value: 'self-certified', label: 'I certify that I am accredited' },
              ]}
            />
          )}
          {!rule506c && basis === 'self-certified' && <BooleanField control={control} name="selfCertified" label={SELF_CERTIFY_TEXT} />}
        </Stack>
      )}
    </StepFrame>
  );
}

/** Where the investor's accreditation stands: the status, and the dates of an approval. */
function AccreditationSummary({ application }: { application: Application | undefined }) {
  const standing = accreditationStanding(application);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1">
          Your accreditation
        </Typography>
        <StatusDot label={standing.label} color={standing.color} />
      </Stack>
      {standing.status === 'approved' && application?.expiresAt && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ color: standing.expired ? 'error.main' : 'text.secondary' }}>
            {`${standing.expired ? 'Expired' : 'Expires'} ${formatDate(application.expiresAt)}`}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

/** To the investor's application, or a new one started as the dashboard starts it. */
function ApplyButton({ application }: { application: Application | undefined }) {
  const navigate = useNavigate();
  const create = useCreateApplication();
  const { enqueueSnackbar } = useSnackbar();
  if (application && application.status !== 'approved') {
    return (
      <Button component={RouterLink} to={`/investor/applications/${application._id}`} variant="contained" size="small">
        Continue your accreditation
      </Button>
    );
  }
  const start = () =>
    create.mutate(application ? { renewFrom: application._id } : undefined, {
      onSuccess: (created) => void navigate(`/investor/applications/${created._id}`),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      <Button variant="contained" size="small" onClick={start} loading={create.isPending}>
        {application ? 'Renew your accreditation' : 'Apply for accreditation'}
      </Button>
      <Button component={RouterLink} to="/investor/applications" size="small">
        Your applications
      </Button>
    </Stack>
  );
}
