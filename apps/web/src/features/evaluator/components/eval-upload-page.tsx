import { Box, CircularProgress, Container, Paper, Stack, Typography } from '@mui/material';
import { evaluatorTokenQuery, isObjectId } from '@tessera/domain';
import { useSearchParams } from 'react-router';
import { ErrorBlock, isNotFound } from '../../../components/error-block.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useEvaluatorApplication, type EvaluatorLink } from '../api/get-evaluator-application.ts';
import { EvaluatorLetterForm } from './evaluator-letter-form.tsx';
import { EvaluatorRequestDetails } from './evaluator-request-details.tsx';

/** The link's application and token, or null when the address cannot be a link at all (nothing is asked then). */
function linkOf(params: URLSearchParams): EvaluatorLink | null {
  const applicationId = params.get('applicationId') ?? '';
  const token = params.get('token') ?? '';
  return isObjectId(applicationId) && evaluatorTokenQuery.safeParse({ token }).success ? { applicationId, token } : null;
}

/** The same page for every unusable link (wrong, expired, revoked, another application's): it shows no data. */
function InvalidLink() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, textAlign: 'center' }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1.5 }}>
        This link is not valid or has expired
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        Ask the applicant to send you a new one. An evaluator link works for one application only and expires after 14 days.
      </Typography>
    </Paper>
  );
}

/**
 * /eval-upload?userId&applicationId&token (001 §2): the public page an evaluator opens from the e-mailed link, without
 * signing in. It shows the applicant and the letter wording, takes the letter's files and notes, and submits them.
 */
export function EvalUploadPage() {
  const { name } = useTenant();
  const [params] = useSearchParams();
  const link = linkOf(params);
  const userId = params.get('userId');
  const view = useEvaluatorApplication(link);

  let content;
  if (!link) content = <InvalidLink />;
  else if (view.isPending)
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading the application" />
      </Box>
    );
  else if (view.isError)
    content = isNotFound(view.error) ? <InvalidLink /> : <ErrorBlock error={view.error} onRetry={() => void view.refetch()} />;
  // A link whose applicant is not the one the address names was altered: the same page, no data.
  else if (userId && userId !== view.data.userId) content = <InvalidLink />;
  else
    content = (
      <Stack spacing={3}>
        <EvaluatorRequestDetails view={view.data} />
        <EvaluatorLetterForm link={link} view={view.data} />
      </Stack>
    );

  return (
    <Container maxWidth="md" sx={{ flex: 1, px: 2, py: { xs: 3, sm: 5 } }}>
      <title>{`Evaluator letter · ${name}`}</title>
      {content}
    </Container>
  );
}
