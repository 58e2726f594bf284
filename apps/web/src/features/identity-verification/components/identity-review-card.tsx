import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import BlockIcon from '@mui/icons-material/Block';
import { Alert, Box, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import {
  identityCheckLabels,
  identityDocumentTypeLabels,
  identityOutcomeLabels,
  identityVerificationStatusLabels,
  type IdentityCheck,
  type IdentityDocumentFields,
  type IdentityVerificationStatus,
} from '@tessera/domain';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { PlainSectionCard } from '../../../components/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useIdentityVerification } from '../api/get-identity-verification.ts';

const STATUS_COLOR: Record<IdentityVerificationStatus, 'default' | 'success' | 'error' | 'info' | 'warning'> = {
  approved: 'success',
  rejected: 'error',
  submitted: 'info',
  started: 'warning',
  'not-started': 'default',
  error: 'error',
};

export function IdentityStatusChip({ status }: { status: IdentityVerificationStatus }) {
  return <Chip size="small" label={identityVerificationStatusLabels[status]} color={STATUS_COLOR[status]} />;
}

const CHECK_ICON = {
  passed: <CheckCircleIcon color="success" fontSize="small" titleAccess="Passed" />,
  failed: <CancelIcon color="error" fontSize="small" titleAccess="Failed" />,
  'not-applicable': <BlockIcon color="disabled" fontSize="small" titleAccess="Not applicable" />,
};

function CheckRow({ check }: { check: IdentityCheck }) {
  return (
    <Stack component="li" direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ pt: 0.25, display: 'flex' }}>{CHECK_ICON[check.status]}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {identityCheckLabels[check.name]}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {check.detail}
        </Typography>
      </Box>
    </Stack>
  );
}

function documentRows(doc: IdentityDocumentFields): [string, string][] {
  const address = doc.address ? [doc.address.line1, doc.address.city, doc.address.state, doc.address.zip].filter(Boolean).join(', ') : '';
  const rows: [string, string | undefined][] = [
    ['Type', doc.documentType && identityDocumentTypeLabels[doc.documentType]],
    ['First name', doc.firstName],
    ['Last name', doc.lastName],
    ['Date of birth', doc.birthDate],
    ['Document number', doc.documentNumber],
    ['Expiry date', doc.expiryDate],
    ['Issuing country', doc.issuingCountry],
    ['Nationality', doc.nationality],
    ['Sex', doc.sex],
    ['Address', address],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

/**
 * A reviewer's view of a user's identity verification (issue #18): the status, the latest inquiry's outcome, each check
 * with its sentence, and the document's fields as read. For the person, the tenant's owners and platform admins.
 */
export function IdentityReviewCard({ userId, title = 'Identity verification' }: { userId: string; title?: string }) {
  const review = useIdentityVerification(userId);
  return (
    <PlainSectionCard title={title}>
      {review.isPending ? (
        <CircularProgress size={24} aria-label="Loading the identity verification" />
      ) : review.isError ? (
        <Alert severity="error">{errorMessage(review.error)}</Alert>
      ) : (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">Status</Typography>
            <IdentityStatusChip status={review.data.identityVerificationStatus} />
          </Stack>
          {!review.data.inquiry ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              No identity inquiry yet.
            </Typography>
          ) : (
            <>
              <Typography variant="body2">
                Latest inquiry ({review.data.inquiry.provider === 'persona' ? 'Persona' : 'built-in verifier'}), opened{' '}
                {formatDateTime(review.data.inquiry.createdAt)}:{' '}
                <strong>{review.data.inquiry.outcome ? identityOutcomeLabels[review.data.inquiry.outcome] : 'No verdict yet'}</strong>
              </Typography>
              {review.data.inquiry.checks.length > 0 && (
                <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label="Checks">
                  {review.data.inquiry.checks.map((check) => (
                    <CheckRow key={check.name} check={check} />
                  ))}
                </Stack>
              )}
              {review.data.inquiry.document && documentRows(review.data.inquiry.document).length > 0 && (
                <Box>
                  <Typography variant="subtitle2" component="h3" gutterBottom>
                    The document says
                  </Typography>
                  <DefinitionList rows={documentRows(review.data.inquiry.document)} />
                </Box>
              )}
            </>
          )}
        </Stack>
      )}
    </PlainSectionCard>
  );
}
