import Badge from '@mui/icons-material/Badge';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Lock from '@mui/icons-material/Lock';
import ShowChart from '@mui/icons-material/ShowChart';
import Speed from '@mui/icons-material/Speed';
import Storefront from '@mui/icons-material/Storefront';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Container,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { accreditationStatusLabel, identityVerificationStatusLabels, type ApplicationStatus, type User } from '@tessera/domain';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useApplication, useCreateApplication } from '../../applications/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { useUpdateOnboardingStatus } from '../api/update-onboarding-status.ts';
import { useCurrentUser } from '../hooks/use-current-user.ts';

const STATUS_COLORS = { done: 'success', waiting: 'warning', todo: 'default', failed: 'error' } as const;

function statusTone(status: string): keyof typeof STATUS_COLORS {
  if (status === 'approved') return 'done';
  if (status === 'rejected' || status === 'error') return 'failed';
  if (status === 'not-started') return 'todo';
  return 'waiting';
}

/** One step of the checklist: icon, name, what it is, its status, and where it goes. */
function ChecklistStep({
  icon,
  title,
  text,
  status,
  tone,
  disabled,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  status: ReactNode;
  tone: keyof typeof STATUS_COLORS;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <ListItem disablePadding divider sx={{ '&:last-of-type': { borderBottom: 0 } }}>
      <ListItemButton onClick={onClick} disabled={disabled} sx={{ py: 2, gap: 1, flexWrap: 'wrap' }}>
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        <ListItemText primary={title} secondary={text} sx={{ flex: '1 1 200px', m: 0 }} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
          {typeof status === 'string' ? <Chip size="small" label={status} color={STATUS_COLORS[tone]} variant="outlined" /> : status}
          {onClick && !disabled && <ChevronRight aria-hidden sx={{ color: 'text.secondary' }} />}
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}

/** Confetti once, when both required steps are approved (canvas-confetti is loaded only then; it skips itself for reduced motion). */
function useConfetti(on: boolean) {
  useEffect(() => {
    if (!on) return;
    let cancelled = false;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (cancelled) return;
      // Drawn on the page's own thread: its worker would be a blob: script, which the CSP (script-src 'self') refuses.
      const fire = confetti.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
      void fire({ particleCount: 160, spread: 80, origin: { y: 0.4 } });
    });
    return () => {
      cancelled = true;
    };
  }, [on]);
}

/** /investor/onboarding/checklist (001 §2): identity verification and accreditation, then on to the product. */
export function ChecklistPage() {
  const { user } = useCurrentUser();
  const { name } = useTenant();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <title>{`Onboarding checklist · ${name}`}</title>
      <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
        Onboarding checklist
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>Two steps stand between you and investing on {name}.</Typography>
      {user ? <Checklist user={user} product={name} /> : <Skeleton variant="rounded" height={240} />}
    </Container>
  );
}

function Checklist({ user, product }: { user: User; product: string }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const application = useApplication(user.accreditationApplicationId);
  const create = useCreateApplication();
  const updateStatus = useUpdateOnboardingStatus(user._id);
  const identity = user.identityVerificationStatus;
  const accreditation: ApplicationStatus = application.data?.status ?? 'not-started';
  const bothApproved = identity === 'approved' && accreditation === 'approved';
  useConfetti(bothApproved);

  const openAccreditation = () => {
    if (user.accreditationApplicationId) {
      void navigate(`/investor/applications/${user.accreditationApplicationId}`);
      return;
    }
    create.mutate(undefined, {
      onSuccess: (created) => void navigate(`/investor/applications/${created._id}`),
      onError: (error) => enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    });
  };

  const continueOn = () =>
    updateStatus.mutate('demo', {
      // 001 §2: a failure of the demo update is only logged; the investor goes on either way.
      onError: (error) => console.error('Setting onboarding status demo failed', error),
      onSettled: () => void navigate('/'),
    });

  return (
    <Stack spacing={3}>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <Typography component="h2" variant="h6" sx={{ px: 2.5, pt: 2 }}>
          Required
        </Typography>
        <List aria-label="Required steps">
          <ChecklistStep
            icon={<Badge />}
            title="Identity Verification"
            text="Confirm who you are with a photo ID and a selfie."
            status={identityVerificationStatusLabels[identity]}
            tone={statusTone(identity)}
            disabled={identity === 'approved'}
            onClick={() => void navigate('/investor/onboarding/verify-identity')}
          />
          <ChecklistStep
            icon={<VerifiedUser />}
            title="Investor Accreditation"
            text="Show that you qualify as an accredited investor."
            status={
              user.accreditationApplicationId && application.isPending ? (
                <Skeleton role="progressbar" width={120} aria-label="Loading accreditation status" />
              ) : (
                accreditationStatusLabel[accreditation]
              )
            }
            tone={statusTone(accreditation)}
            disabled={create.isPending}
            onClick={openAccreditation}
          />
        </List>
      </Card>

      {bothApproved && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" variant="outlined" onClick={continueOn} disabled={updateStatus.isPending}>
              {`Continue to ${product}`}
            </Button>
          }
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          You are verified and accredited.
        </Alert>
      )}

      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <Typography component="h2" variant="h6" sx={{ px: 2.5, pt: 2 }}>
          Explore
        </Typography>
        <List aria-label="Explore">
          <ChecklistStep
            icon={<ShowChart />}
            title="Net Worth Tracker"
            text="Follow everything you own in one place."
            status="Coming soon"
            tone="todo"
            disabled
          />
          <ChecklistStep
            icon={<Storefront />}
            title="Investment Opportunities Marketplace"
            text="Browse the offers open to accredited investors."
            status="Explorable once verified"
            tone="todo"
            disabled
          />
        </List>
      </Card>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Alert icon={<Speed />} severity="info" variant="outlined">
          Verification takes under 24 hours here, versus up to 2 weeks elsewhere.
        </Alert>
        <Alert icon={<Lock />} severity="info" variant="outlined">
          Your data is never shared with third parties.
        </Alert>
      </Box>
    </Stack>
  );
}
