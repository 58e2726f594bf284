import Download from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { esignEventLabels, type EsignEnvelope, type EsignEnvelopeStatus } from '@tessera/domain';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useDownloadDocument } from '../../documents/index.ts';
import { useEsignEnvelope } from '../../workflows/index.ts';

const STATUS: Record<EsignEnvelopeStatus, { label: string; color: 'default' | 'success' | 'warning' }> = {
  created: { label: 'Prepared, not signed', color: 'warning' },
  signed: { label: 'Signed', color: 'success' },
  voided: { label: 'Voided', color: 'default' },
};

export const NOT_SIGNED_TEXT = 'The investor has not signed the subscription agreement yet.';

/** The signed file and its certificate are documents shared with the institution: saved under a readable name. */
function Downloads({ envelope, investor }: { envelope: EsignEnvelope; investor: string }) {
  const download = useDownloadDocument();
  const { enqueueSnackbar } = useSnackbar();
  const save = (id: string, originalName: string) =>
    download.mutate(
      { _id: id, originalName },
      { onError: (error) => enqueueSnackbar(`Download failed: ${errorMessage(error)}`, { variant: 'error' }) },
    );
  const base = investor.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'investor';
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        startIcon={<Download />}
        disabled={!envelope.signedDocument || download.isPending}
        onClick={() => envelope.signedDocument && save(envelope.signedDocument, `subscription-agreement-${base}.pdf`)}
      >
        Download signed agreement
      </Button>
      <Button
        variant="outlined"
        startIcon={<Download />}
        disabled={!envelope.certificateDocument || download.isPending}
        onClick={() => envelope.certificateDocument && save(envelope.certificateDocument, `certificate-of-completion-${base}.pdf`)}
      >
        Download certificate of completion
      </Button>
    </Stack>
  );
}

function EsignEvents({ envelope }: { envelope: EsignEnvelope }) {
  if (envelope.events.length === 0) return null;
  return (
    <Box>
      <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        Events
      </Typography>
      <List dense disablePadding aria-label="Signing events">
        {envelope.events.map((event, i) => (
          <ListItem key={`${event.type}-${event.at}-${i}`} disableGutters divider={i < envelope.events.length - 1}>
            <ListItemText
              primary={esignEventLabels[event.type]}
              secondary={[formatDateTime(event.at), event.ip ? `IP ${event.ip}` : 'IP not recorded', event.actor]
                .filter(Boolean)
                .join(' · ')}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The e-signature of the subscription agreement: who signed and when, the signed file's hash, its files and every event. */
export function EsignaturePanel({ tenantId, workflowId, investor }: { tenantId: string; workflowId: string; investor: string }) {
  const { data, error, isPending, refetch } = useEsignEnvelope(tenantId, workflowId);
  let body;
  if (isPending) body = <Skeleton role="progressbar" variant="rounded" height={160} aria-label="Loading the e-signature" />;
  else if (error)
    body = (
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {`The e-signature could not be loaded: ${errorMessage(error)}`}
      </Alert>
    );
  else if (!data) body = <Typography sx={{ color: 'text.secondary' }}>{NOT_SIGNED_TEXT}</Typography>;
  else
    body = (
      <>
        <DefinitionList
          rows={[
            ['Signer', data.signerName ?? 'Not signed yet'],
            ['Signed at', data.signedAt ? formatDateTime(data.signedAt) : 'Not signed yet'],
            [
              'Signed SHA-256',
              data.signedSha256 ? (
                <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' }}>
                  {data.signedSha256}
                </Box>
              ) : (
                '-'
              ),
            ],
            ['Signed with', data.provider === 'builtin' ? 'Built-in signer, sealed with the tenant certificate' : 'External provider'],
          ]}
        />
        {data.status === 'signed' && <Downloads envelope={data} investor={investor} />}
        <EsignEvents envelope={data} />
      </>
    );
  return (
    <SectionCard
      title="E-signature"
      action={data && <Chip size="small" label={STATUS[data.status].label} color={STATUS[data.status].color} />}
    >
      {body}
    </SectionCard>
  );
}
