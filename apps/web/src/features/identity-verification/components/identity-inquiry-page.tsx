import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  identityDocumentSideLabels,
  identityDocumentTypeLabels,
  identityFieldsBody,
  type IdentityDocumentSide,
  type IdentityDocumentType,
  type IdentityFieldsBody,
  type IdentityInquiry,
  type IdentityInquiryMessage,
} from '@tessera/domain';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { formSubmit } from '../../../lib/form-submit.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useIdentityInquiry } from '../api/get-identity-inquiry.ts';
import { useSaveIdentityFields } from '../api/save-identity-fields.ts';
import { useSubmitIdentityInquiry } from '../api/submit-identity-inquiry.ts';
import { useUploadIdentityDocument } from '../api/upload-identity-document.ts';

/** Tells the screen framing this page what happened, on our own origin only. */
export function tellParent(event: IdentityInquiryMessage['event'], inquiryId: string): void {
  const message: IdentityInquiryMessage = { source: 'tessera-identity-inquiry', event, inquiryId };
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
}

const STEPS = ['type', 'document', 'selfie', 'details', 'review'] as const;
type Step = (typeof STEPS)[number];
const STEP_TITLES: Record<Step, string> = {
  type: 'Choose your ID',
  document: 'Photograph your ID',
  selfie: 'Take a selfie',
  details: 'Your details',
  review: 'Review and submit',
};
const PICTURE_ACCEPT = 'image/png,image/jpeg,image/webp';

/**
 * The built-in inquiry (issue #18), a page of the app framed by the verify-identity screen at 400×650: ID type, the
 * document's pictures (front, and back for a licence) from a file or the camera, a selfie, the personal fields, review
 * and submit; then it waits for the verifier's verdict and tells the screen. Outside the main layout.
 */
export function IdentityInquiryPage() {
  const { inquiryId = '' } = useParams();
  const { user } = useSession();
  const userId = user?._id ?? '';
  const inquiry = useIdentityInquiry(userId, inquiryId);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.paper', color: 'text.primary', display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1 }}>
        <Typography variant="subtitle1" component="h1" sx={{ fontWeight: 600 }}>
          Verify your identity
        </Typography>
        <IconButton aria-label="Close the verification" onClick={() => tellParent('cancelled', inquiryId)}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ flex: 1, px: 2, pb: 2 }}>
        {inquiry.isPending ? (
          <Stack sx={{ alignItems: 'center', pt: 8 }}>
            <CircularProgress aria-label="Loading the verification" />
          </Stack>
        ) : inquiry.isError ? (
          <Alert severity="error">{errorMessage(inquiry.error)}</Alert>
        ) : inquiry.data.status === 'started' ? (
          <InquirySteps userId={userId} inquiry={inquiry.data} />
        ) : (
          <Verdict inquiry={inquiry.data} />
        )}
      </Box>
    </Box>
  );
}

function InquirySteps({ userId, inquiry }: { userId: string; inquiry: IdentityInquiry }) {
  const [step, setStep] = useState<Step>('type');
  const [documentType, setDocumentType] = useState<IdentityDocumentType>(inquiry.documentType ?? 'passport');
  const submit = useSubmitIdentityInquiry(userId, inquiry._id);
  const index = STEPS.indexOf(step);
  const go = (to: Step) => setStep(to);
  const sides: IdentityDocumentSide[] = documentType === 'drivers-license' ? ['front', 'back'] : ['front'];

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Step {index + 1} of {STEPS.length}
        </Typography>
        <Typography variant="h6" component="h2">
          {STEP_TITLES[step]}
        </Typography>
        <LinearProgress variant="determinate" value={((index + 1) / STEPS.length) * 100} aria-label="Progress" sx={{ mt: 1 }} />
      </Box>

      {step === 'type' && (
        <>
          <RadioGroup
            aria-label="ID type"
            value={documentType}
            onChange={(event) => setDocumentType(event.target.value as IdentityDocumentType)}
          >
            {(['passport', 'drivers-license'] as const).map((type) => (
              <FormControlLabel key={type} value={type} control={<Radio />} label={identityDocumentTypeLabels[type]} />
            ))}
          </RadioGroup>
          <StepButtons onNext={() => go('document')} />
        </>
      )}

      {step === 'document' && (
        <>
          <Typography variant="body2">
            {documentType === 'passport'
              ? 'The page with your photo, with the two lines of letters and numbers at the bottom fully visible.'
              : 'The front, then the back with its barcode, flat and in focus.'}
          </Typography>
          {sides.map((side) => (
            <PictureInput key={side} userId={userId} inquiry={inquiry} side={side} capture="environment" />
          ))}
          <StepButtons onBack={() => go('type')} onNext={() => go('selfie')} nextDisabled={sides.some((side) => !inquiry.uploads[side])} />
        </>
      )}

      {step === 'selfie' && (
        <>
          <Typography variant="body2">A clear photo of your face, to compare with the photo on your ID.</Typography>
          <PictureInput userId={userId} inquiry={inquiry} side="selfie" capture="user" />
          <StepButtons onBack={() => go('document')} onNext={() => go('details')} nextDisabled={!inquiry.uploads.selfie} />
        </>
      )}

      {step === 'details' && (
        <DetailsForm
          userId={userId}
          inquiry={inquiry}
          documentType={documentType}
          onBack={() => go('selfie')}
          onSaved={() => go('review')}
        />
      )}

      {step === 'review' && (
        <>
          <ReviewList inquiry={inquiry} />
          {submit.isError && <Alert severity="error">{errorMessage(submit.error)}</Alert>}
          <StepButtons
            onBack={() => go('details')}
            onNext={() => submit.mutate()}
            nextLabel="Submit"
            nextDisabled={submit.isPending || !inquiry.fields}
          />
        </>
      )}
    </Stack>
  );
}

function StepButtons({
  onBack,
  onNext,
  nextLabel = 'Next',
  nextDisabled = false,
  nextType = 'button',
}: {
  onBack?: () => void;
  onNext?: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  nextType?: 'button' | 'submit';
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', pt: 1 }}>
      {onBack ? <Button onClick={onBack}>Back</Button> : <span />}
      <Button variant="contained" type={nextType} onClick={onNext} disabled={nextDisabled}>
        {nextLabel}
      </Button>
    </Stack>
  );
}

/** One picture: a file, or the camera on a phone (`capture`); uploaded as soon as it is picked. */
function PictureInput({
  userId,
  inquiry,
  side,
  capture,
}: {
  userId: string;
  inquiry: IdentityInquiry;
  side: IdentityDocumentSide;
  capture: 'user' | 'environment';
}) {
  const upload = useUploadIdentityDocument(userId, inquiry._id);
  const input = useRef<HTMLInputElement>(null);
  const label = identityDocumentSideLabels[side];
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) upload.mutate({ side, file });
    event.target.value = '';
  };
  return (
    <Stack spacing={1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {inquiry.uploads[side] && <CheckCircleIcon color="success" fontSize="small" titleAccess="Uploaded" />}
          <Typography variant="body2">{label}</Typography>
        </Stack>
        <Button variant="outlined" size="small" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : inquiry.uploads[side] ? 'Replace' : 'Add photo'}
        </Button>
      </Stack>
      <input ref={input} type="file" accept={PICTURE_ACCEPT} capture={capture} aria-label={label} hidden onChange={onPick} />
      {upload.isError && (
        <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
          {errorMessage(upload.error)}
        </Typography>
      )}
    </Stack>
  );
}

function DetailsForm({
  userId,
  inquiry,
  documentType,
  onBack,
  onSaved,
}: {
  userId: string;
  inquiry: IdentityInquiry;
  documentType: IdentityDocumentType;
  onBack: () => void;
  onSaved: () => void;
}) {
  const save = useSaveIdentityFields(userId, inquiry._id);
  const saved = inquiry.fields;
  const { control, handleSubmit } = useForm<IdentityFieldsBody>({
    resolver: zodResolver(identityFieldsBody),
    defaultValues: {
      inquiryId: inquiry._id,
      documentType,
      firstName: saved?.firstName ?? '',
      lastName: saved?.lastName ?? '',
      birthDate: saved?.birthDate ?? '',
      documentNumber: saved?.documentNumber ?? '',
      expiryDate: saved?.expiryDate ?? '',
    },
  });
  const onSubmit = handleSubmit((body) => save.mutate({ ...body, documentType }, { onSuccess: onSaved }));
  const field = (name: Exclude<keyof IdentityFieldsBody, 'inquiryId' | 'documentType'>, label: string, type = 'text') => (
    <Controller
      name={name}
      control={control}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          label={label}
          type={type}
          size="small"
          required
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
        />
      )}
    />
  );
  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={formSubmit(onSubmit)}>
      <Typography variant="body2">As printed on your {documentType === 'passport' ? 'passport' : "driver's license"}.</Typography>
      {field('firstName', 'First name')}
      {field('lastName', 'Last name')}
      {field('birthDate', 'Date of birth', 'date')}
      {field('documentNumber', 'Document number')}
      {field('expiryDate', 'Expiry date', 'date')}
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <StepButtons onBack={onBack} nextType="submit" nextDisabled={save.isPending} />
    </Stack>
  );
}

function ReviewList({ inquiry }: { inquiry: IdentityInquiry }) {
  const f = inquiry.fields;
  const rows: [string, string][] = [
    ['ID type', inquiry.documentType ? identityDocumentTypeLabels[inquiry.documentType] : '-'],
    [
      'Pictures',
      (['front', 'back', 'selfie'] as const)
        .filter((s) => inquiry.uploads[s])
        .map((s) => identityDocumentSideLabels[s])
        .join(', ') || '-',
    ],
    ['Name', f ? `${f.firstName ?? ''} ${f.lastName ?? ''}`.trim() : '-'],
    ['Date of birth', f?.birthDate ?? '-'],
    ['Document number', f?.documentNumber ?? '-'],
    ['Expiry date', f?.expiryDate ?? '-'],
  ];
  return <DefinitionList rows={rows} />;
}

const VERDICT_TEXT = {
  approved: { severity: 'success', text: 'Your identity is verified.' },
  rejected: { severity: 'error', text: 'We could not verify your identity with this document.' },
  'manual-review': { severity: 'info', text: 'A reviewer will check your document; we will let you know.' },
} as const;

/** After submitting: the verifier is reading the document, then its verdict, which the screen is told about once. */
function Verdict({ inquiry }: { inquiry: IdentityInquiry }) {
  const told = useRef(false);
  useEffect(() => {
    if (!inquiry.outcome || told.current) return;
    told.current = true;
    tellParent('completed', inquiry._id);
  }, [inquiry.outcome, inquiry._id]);
  if (!inquiry.outcome) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', pt: 8, textAlign: 'center' }} role="status">
        <CircularProgress aria-label="Checking your document" />
        <Typography variant="body1">Checking your document…</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          This usually takes a few seconds.
        </Typography>
      </Stack>
    );
  }
  const verdict = VERDICT_TEXT[inquiry.outcome];
  return (
    <Stack spacing={2} sx={{ pt: 2 }}>
      <Alert severity={verdict.severity}>{verdict.text}</Alert>
      {inquiry.outcome === 'rejected' && (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
          {inquiry.checks
            .filter((c) => c.status === 'failed')
            .map((c) => (
              <Typography component="li" variant="body2" key={c.name}>
                {c.detail}
              </Typography>
            ))}
        </Stack>
      )}
      <Button variant="contained" onClick={() => tellParent('completed', inquiry._id)}>
        Continue
      </Button>
    </Stack>
  );
}
