import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { Alert, AlertTitle, Box, Button, Chip, Link, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { certificateCodeParams, certificateStatusColors, certificateStatusLabels, type CertificateVerification } from '@tessera/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useCertificateVerification } from '../api/verify-certificate.ts';

const codeSchema = certificateCodeParams.shape.code;

/** Typing a code: checked here as the server checks it, then opened as /verify/{code}. */
function CodeForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = codeSchema.safeParse(value);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'A certificate code looks like TSR-XXXX-XXXX');
      return;
    }
    setProblem(null);
    void navigate(`/verify/${parsed.data}`);
  };
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        label="Verification code"
        placeholder="TSR-XXXX-XXXX"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? 'Printed on the certificate, under the QR code'}
        fullWidth
        slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false, maxLength: 20 } }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ flexShrink: 0, mt: { sm: 0.5 } }}>
        Check
      </Button>
    </Stack>
  );
}

function Facts({ certificate }: { certificate: CertificateVerification }) {
  const rows: [string, string][] = [
    ['Name', certificate.name],
    ['Issued by', certificate.issuer],
    ['Issued', formatDate(certificate.issuedAt)],
    [certificate.status === 'expired' ? 'Expired' : 'Valid until', formatDate(certificate.expiresAt)],
    ['Code', certificate.code],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** What the status means for a sponsor relying on the letter. */
const STATUS_TEXT: Record<CertificateVerification['status'], string> = {
  valid: 'This investor was verified as accredited and the certificate is in force.',
  expired: 'The certificate is past its one-year validity: ask the investor for a renewed one.',
  revoked: 'The issuer withdrew this certificate: it no longer shows that the investor is accredited.',
};

function Result({ code }: { code: string }) {
  const { data, error, isPending, refetch } = useCertificateVerification(code);
  const headingId = useId();
  if (isPending) return <Skeleton role="progressbar" variant="rounded" height={200} aria-label="Checking the certificate" />;
  if (error) {
    if (error instanceof ApiError && error.status === 404) {
      return (
        <Alert severity="warning" variant="outlined">
          <AlertTitle>Certificate not found</AlertTitle>
          No certificate has the code {code}. Check the code on the letter and try again.
        </Alert>
      );
    }
    const retry =
      error instanceof ApiError && error.status < 500 ? undefined : (
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          Try again
        </Button>
      );
    return (
      <Alert severity="error" variant="outlined" action={retry}>
        {`The certificate could not be checked: ${errorMessage(error)}`}
      </Alert>
    );
  }
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
        <Typography id={headingId} component="h2" variant="h6">
          Accreditation certificate
        </Typography>
        <Chip label={certificateStatusLabels[data.status]} color={certificateStatusColors[data.status]} size="small" />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {STATUS_TEXT[data.status]}
      </Typography>
      <Facts certificate={data} />
    </Paper>
  );
}

/**
 * /verify and /verify/{code}: the public check of an accreditation letter (the QR code on the letter opens it), for
 * a sponsor the investor shared it with. Shows only the name, status and validity.
 */
export function VerifyCertificatePage() {
  const { name } = useTenant();
  const { code: raw } = useParams();
  const parsed = raw ? codeSchema.safeParse(raw) : null;
  const code = parsed?.success ? parsed.data : undefined;
  return (
    <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <title>{`Verify a certificate · ${name}`}</title>
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 560 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <VerifiedUserOutlined sx={{ color: 'primary.main', fontSize: 36 }} aria-hidden />
          <Typography component="h1" variant="h5">
            Verify an accreditation certificate
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {`Enter the verification code of an accredited investor certificate issued by ${name} to see whether it is valid.`}
        </Typography>
        <CodeForm key={raw ?? ''} initial={raw ?? ''} />
        {raw && !code && (
          <Alert severity="warning" variant="outlined">
            {parsed && !parsed.success
              ? (parsed.error.issues[0]?.message ?? 'This is not a certificate code')
              : 'This is not a certificate code'}
          </Alert>
        )}
        {code && <Result code={code} />}
        <Typography variant="body2">
          <Link component={RouterLink} to="/verify/signature">
            Verify a signed subscription agreement instead
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
