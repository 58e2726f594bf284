import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import {
  evaluatorRequestEvidenceLabels,
  evaluatorRequestStateColors,
  evaluatorRequestStateLabels,
  type EvaluatorRequest,
} from '@tessera/domain';
import { PlainSectionCard } from '../../../../components/section-card.tsx';
import { StatusDot } from '../../../../components/status-dot.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatRelativeOrDate } from '../../../../lib/format.ts';
import { useEvaluatorRequests } from '../../api/list-evaluator-requests.ts';

function when(request: EvaluatorRequest): string {
  if (request.submittedAt) return `Letter submitted ${formatRelativeOrDate(request.submittedAt)}`;
  return `Asked ${formatRelativeOrDate(request.createdAt)}`;
}

/** Who the applicant asked for an evaluator's letter, for what, and where each request stands. */
export function EvaluatorRequestsCard({ applicationId }: { applicationId: string }) {
  const query = useEvaluatorRequests(applicationId);
  return (
    <PlainSectionCard title="Evaluator Requests">
      {query.isPending ? (
        <CircularProgress size={24} aria-label="Loading the evaluator requests" />
      ) : query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : query.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No evaluator has been asked for a letter.
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Evaluator requests">
          {query.data.map((request) => (
            <Stack component="li" key={request._id} spacing={0.25}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{`${request.firstname} ${request.lastname}`}</Typography>
                <StatusDot label={evaluatorRequestStateLabels[request.state]} color={evaluatorRequestStateColors[request.state]} />
              </Stack>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {[request.email, evaluatorRequestEvidenceLabels[request.questionId], when(request)].filter(Boolean).join(' · ')}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </PlainSectionCard>
  );
}
