import OpenInNew from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Skeleton, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { errorMessage } from '../../../../lib/api-client.ts';
import { useEsignAgreement } from '../../api/esign/esign-agreement.ts';

/**
 * The filled, unsigned agreement: shown inline on a wide screen; a phone's browser shows a PDF poorly in a frame, so
 * there it opens in a tab of its own. Under it, the hash the signature will be bound to.
 */
export function AgreementPreview({
  tenantId,
  workflowId,
  unsignedSha256,
}: {
  tenantId: string;
  workflowId: string;
  unsignedSha256: string;
}) {
  const agreement = useEsignAgreement(tenantId, workflowId, unsignedSha256);
  const url = agreement.data;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <Stack spacing={1.5}>
      {agreement.error ? (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void agreement.refetch()}>
              Try again
            </Button>
          }
        >
          {`The agreement could not be loaded: ${errorMessage(agreement.error)}`}
        </Alert>
      ) : !url ? (
        <Skeleton role="progressbar" variant="rounded" height={phone ? 48 : 560} aria-label="Loading the agreement" />
      ) : phone ? (
        <Button variant="outlined" href={url} target="_blank" rel="noopener" startIcon={<OpenInNew />}>
          Open the agreement
        </Button>
      ) : (
        <>
          <Box
            component="iframe"
            title="Subscription agreement"
            src={url}
            sx={{ width: '100%', height: 560, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
          />
          <div>
            <Button size="small" href={url} target="_blank" rel="noopener" startIcon={<OpenInNew />}>
              Open the agreement in a new tab
            </Button>
          </div>
        </>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {'Document fingerprint (SHA-256): '}
        <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.primary' }}>
          {unsignedSha256}
        </Box>
      </Typography>
    </Stack>
  );
}
