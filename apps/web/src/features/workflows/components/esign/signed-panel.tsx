import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { esignEventLabels, type EsignEnvelope } from '@tessera/domain';
import { useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { downloadDocument } from '../../../documents/index.ts';

/** The signed subscription: its two documents to download, the sealed file's hash, and every event with time and address. */
export function SignedPanel({ envelope, workflowName }: { envelope: EsignEnvelope; workflowName: string }) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const eventsId = useId();

  const download = (id: string, originalName: string) => {
    setDownloading(id);
    setFailure(null);
    downloadDocument({ _id: id, originalName })
      .catch((error: unknown) => setFailure(`The download failed: ${errorMessage(error)}`))
      .finally(() => setDownloading(null));
  };

  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <CheckCircle color="success" aria-hidden sx={{ mt: 0.25 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" variant="h6">
              Signed
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {`${envelope.signerName ?? 'You'} signed the subscription agreement${envelope.signedAt ? ` on ${formatDateTime(envelope.signedAt)}` : ''}.`}
            </Typography>
            {envelope.signedSha256 && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
                {'Signed file (SHA-256): '}
                <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.primary' }}>
                  {envelope.signedSha256}
                </Box>
              </Typography>
            )}
          </Box>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, mt: 2 }}>
          {envelope.signedDocument && (
            <Button
              variant="outlined"
              startIcon={<Download />}
              loading={downloading === envelope.signedDocument}
              onClick={() => envelope.signedDocument && download(envelope.signedDocument, `${workflowName} - signed agreement.pdf`)}
            >
              Download signed agreement
            </Button>
          )}
          {envelope.certificateDocument && (
            <Button
              variant="outlined"
              startIcon={<Download />}
              loading={downloading === envelope.certificateDocument}
              onClick={() =>
                envelope.certificateDocument && download(envelope.certificateDocument, `${workflowName} - certificate of completion.pdf`)
              }
            >
              Download certificate of completion
            </Button>
          )}
        </Stack>
        {failure && (
          <Alert severity="error" variant="outlined" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </Paper>
      <Box>
        <Typography id={eventsId} component="h3" variant="subtitle1" sx={{ mb: 1 }}>
          Signing events
        </Typography>
        {/* A list rather than a table: time, event, signer and address fit a phone's width one under another. */}
        <Paper component="ol" variant="outlined" aria-labelledby={eventsId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {envelope.events.map((event, index) => (
            <Box
              component="li"
              key={`${event.type}-${event.at}`}
              sx={{ px: 2, py: 1.25, borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
            >
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {esignEventLabels[event.type]}
                {event.actor && (
                  <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                    {` · ${event.actor}`}
                  </Box>
                )}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {`${formatDateTime(event.at)} · IP address ${event.ip ?? 'not recorded'}`}
              </Typography>
            </Box>
          ))}
        </Paper>
      </Box>
    </Stack>
  );
}
