import { Alert, AlertTitle, Button, Link, Stack, Typography } from '@mui/material';
import { EVALUATOR_REQUEST_QUESTIONS, pendingEvaluatorQuestion } from '@tessera/domain';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useTenant } from '../../../../lib/tenant/use-tenant.ts';
import { useSnackbar } from '../../../../lib/toast.tsx';
import { useRequestEvaluator } from '../../api/request-evaluator.ts';
import { QuestionFrame } from './question-frame.tsx';
import { useWizard } from './wizard-context.tsx';

function DashboardLink() {
  return (
    <Button component={RouterLink} to="/investor/dashboard" variant="text" sx={{ alignSelf: 'flex-start' }}>
      Go to your dashboard
    </Button>
  );
}

/** 001 §2 rejection screens, with the tenant's support address. */
function RejectedScreen({ business }: { business: boolean }) {
  const { tenant } = useTenant();
  const email = tenant?.supportEmail;
  return (
    <QuestionFrame title="Requirements not met">
      <Stack spacing={2}>
        <Typography>
          {business
            ? "Unfortunately, it looks like your business doesn't meet the legal requirements for accreditation"
            : "Unfortunately, it looks like you don't meet the legal requirements for accreditation"}
        </Typography>
        {email && (
          <Typography sx={{ color: 'text.secondary' }}>
            If you think this is a mistake, or your situation changes, contact support at <Link href={`mailto:${email}`}>{email}</Link>.
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          You can go back and choose another way to qualify.
        </Typography>
        <DashboardLink />
      </Stack>
    </QuestionFrame>
  );
}

export const RequirementsUnmetScreen = () => <RejectedScreen business={false} />;
export const BusinessRejectedScreen = () => <RejectedScreen business />;

/** The evaluator asked for on the way here, while their letter is still awaited. */
function WaitingForEvaluator() {
  const { application } = useWizard();
  const { enqueueSnackbar } = useSnackbar();
  const request = useRequestEvaluator(application._id);
  const question = pendingEvaluatorQuestion(application.completedQuestionIds);
  if (!question || application.status !== 'in-progress') return null;
  const prefix = EVALUATOR_REQUEST_QUESTIONS[question];
  const data = application.questionData;
  const evaluator = {
    firstname: String(data[`${prefix}EvalFirstName`] ?? ''),
    lastname: String(data[`${prefix}EvalLastName`] ?? ''),
    email: String(data[`${prefix}EvalEmail`] ?? ''),
  };
  const sendAgain = () =>
    request.mutate(evaluator, { onSuccess: () => enqueueSnackbar(`Request sent again to ${evaluator.email}`, { variant: 'success' }) });
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={sendAgain} loading={request.isPending}>
          Send again
        </Button>
      }
    >
      <AlertTitle>Waiting for your evaluator&apos;s letter</AlertTitle>
      {`We e-mailed ${evaluator.firstname} ${evaluator.lastname} (${evaluator.email}) a secure link to upload it. Your application goes to review as soon as they do.`}
      {request.isError && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {errorMessage(request.error)}
        </Typography>
      )}
    </Alert>
  );
}

function SubmittedScreen() {
  return (
    <QuestionFrame title="Your application is under review">
      <Stack spacing={2}>
        <WaitingForEvaluator />
        <Typography>
          Thank you. We verify most applications in under 24 hours and will e-mail you as soon as a reviewer has decided.
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Once approved, your accreditation letter is valid for one year, and you can share it with sponsors from your account.
        </Typography>
        <DashboardLink />
      </Stack>
    </QuestionFrame>
  );
}

export const IndividualSubmittedScreen = SubmittedScreen;
export const BusinessSubmittedScreen = SubmittedScreen;
