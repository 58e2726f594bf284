import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { EsignVerification } from '@tessera/domain';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useVerifySignedFile } from '../api/verify-signature.ts';

export const NOT_A_PDF_TEXT = 'Choose a PDF file: a signed agreement is a PDF.';

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

function Hash({ value }: { value: string }) {
  return (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' }}>
      {value}
    </Box>
  );
}

/** The three checks, each passed or failed, in words a reader of the file understands. */
function checks(result: EsignVerification, tenantName: string): { label: string; ok: boolean; failure: string }[] {
  return [
    { label: 'Digitally sealed', ok: result.sealed, failure: 'The file carries no digital seal: it is not a sealed signed agreement.' },
    {
      label: 'Seal intact',
      ok: result.sealed && result.sealIntact,
      failure: result.sealed
        ? 'The seal is broken: the file was changed after it was signed.'
        : 'Without a seal, nothing shows the file is unchanged.',
    },
    {
      label: 'On record',
      ok: result.matchesRecord,
      failure: `No subscription signed through ${tenantName} has this file's fingerprint.`,
    },
  ];
}

function VerificationResult({ result, fileName, tenantName }: { result: EsignVerification; fileName: string; tenantName: string }) {
  const list = checks(result, tenantName);
  const rows: [string, ReactNode][] = [];
  if (result.record) {
    rows.push(['Subscription', result.record.workflowName]);
    rows.push(['Signer', result.record.signerName ?? 'Not recorded']);
    rows.push(['Signed at', result.record.signedAt ? formatDateTime(result.record.signedAt) : 'Not recorded']);
  }
  if (result.sealedBy) rows.push(['Sealed by', result.sealedBy]);
  rows.push(['File', fileName]);
  rows.push(['SHA-256', <Hash key="hash" value={result.sha256} />]);
  return (
    <Alert
      severity={result.valid ? 'success' : 'error'}
      variant="outlined"
      icon={result.valid ? <CheckCircle /> : <Cancel />}
      sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <AlertTitle>{result.valid ? 'Valid signed agreement' : 'Not a valid signed agreement'}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {result.valid
          ? `This file is a subscription agreement signed through ${tenantName}, sealed and unchanged since it was signed.`
          : list
              .filter((c) => !c.ok)
              .map((c) => c.failure)
              .join(' ')}
      </Typography>
      <List dense disablePadding aria-label="Checks" sx={{ mb: 1.5 }}>
        {list.map((c) => (
          <ListItem key={c.label} disableGutters sx={{ py: 0 }}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {c.ok ? <CheckCircle fontSize="small" color="success" /> : <Cancel fontSize="small" color="error" />}
            </ListItemIcon>
            <ListItemText primary={`${c.label}: ${c.ok ? 'yes' : 'no'}`} />
          </ListItem>
        ))}
      </List>
      <Box sx={{ color: 'text.primary' }}>
        <DefinitionList rows={rows} />
      </Box>
    </Alert>
  );
}

/** Drop a file or choose one; only PDFs are sent. */
function FileDrop({ onFile, disabled }: { onFile: (file: File) => void; disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
    if (input.current) input.current.value = '';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="signed-file-drop"
      sx={(theme) => ({
        border: `2px dashed ${dragging ? theme.palette.primary.main : theme.palette.divider}`,
        bgcolor: dragging ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
        borderRadius: 2,
        px: 2,
        py: { xs: 3, sm: 4 },
        textAlign: 'center',
      })}
    >
      <input
        ref={input}
        type="file"
        hidden
        accept="application/pdf,.pdf"
        aria-label="Signed agreement (PDF)"
        onChange={(event) => take(event.target.files)}
      />
      <Button variant="contained" startIcon={<UploadFile />} onClick={() => input.current?.click()} disabled={disabled}>
        Choose a PDF
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        or drop the signed agreement here
      </Typography>
    </Box>
  );
}

/**
 * /verify/signature: the public check of a signed subscription agreement (issue #20). The file goes to the server,
 * which checks its digital seal and whether its hash is that of a subscription signed through this tenant.
 */
export function VerifySignaturePage() {
  const { name, tenantId } = useTenant();
  const verify = useVerifySignedFile(tenantId ?? '');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = (file: File) => {
    setFileName(file.name);
    if (!isPdf(file)) {
      verify.reset();
      setProblem(NOT_A_PDF_TEXT);
      return;
    }
    setProblem(null);
    verify.mutate(file);
  };

  return (
    <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <title>{`Verify a signed agreement · ${name}`}</title>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 640 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <DrawOutlined sx={{ color: 'primary.main', fontSize: 36 }} aria-hidden />
          <Typography component="h1" variant="h5">
            Verify a signed agreement
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {`Upload a subscription agreement signed through ${name} to check that its digital seal is intact and that it is the file on record. The file is only checked, not kept.`}
        </Typography>
        <FileDrop onFile={check} disabled={verify.isPending || !tenantId} />
        {verify.isPending && (
          <Stack spacing={1} role="status">
            <Typography variant="body2">{`Checking ${fileName ?? 'the file'}…`}</Typography>
            <LinearProgress aria-label="Checking the file" />
          </Stack>
        )}
        {problem && (
          <Alert severity="warning" variant="outlined">
            {problem}
          </Alert>
        )}
        {verify.error && (
          <Alert severity="error" variant="outlined">
            {`The file could not be checked: ${errorMessage(verify.error)}`}
          </Alert>
        )}
        {verify.data && <VerificationResult result={verify.data} fileName={fileName ?? ''} tenantName={name} />}
        <Typography variant="body2">
          <Link component={RouterLink} to="/verify">
            Verify an accreditation certificate instead
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
