import Add from '@mui/icons-material/Add';
import {
  Alert,
  Button,
  Card,
  CardActionArea,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import { accreditationStatusLabel, applicationStatusColors, applicationTypeLabels, type ApplicationSummary } from '@tessera/domain';
import { useId } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatRelativeOrDate } from '../../../lib/format.ts';
import { useCreateModal } from '../../../lib/use-create-modal.ts';
import { useCreateApplication } from '../api/create-application.ts';
import { useApplications } from '../api/list-applications.ts';

const PAGE_SIZE = 20;

function ApplicationCard({ application }: { application: ApplicationSummary }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardActionArea component={RouterLink} to={`/investor/applications/${application._id}`} sx={{ p: 2.5 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {`${applicationTypeLabels[application.type]} application`}
          </Typography>
          <StatusDot label={accreditationStatusLabel[application.status]} color={applicationStatusColors[application.status]} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {`Started ${formatRelativeOrDate(application.createdAt)} · updated ${formatRelativeOrDate(application.updatedAt)}`}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/** ?modal=create: confirms, starts the application (or finds the open one) and opens it. */
function CreateApplicationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateApplication();
  const titleId = useId();
  const start = () =>
    create.mutate(undefined, { onSuccess: (created) => void navigate(`/investor/applications/${created._id}`, { replace: true }) });
  return (
    <Dialog open={open} onClose={create.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Start an accreditation application</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Accreditation shows that you may invest in offers open only to accredited investors. An approval is valid for one year.
        </DialogContentText>
        {create.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(create.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={start} loading={create.isPending}>
          Start application
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /investor/applications: the investor's own applications, newest first (001 §2; ?modal=create opens creation). */
export function InvestorApplicationsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [creating, setCreating] = useCreateModal();
  const list = useApplications({ page, limit: PAGE_SIZE });
  const pages = list.data ? Math.ceil(list.data.meta.total / PAGE_SIZE) : 0;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <title>Applications</title>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Typography component="h1" variant="h4">
          Applications
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          New application
        </Button>
      </Stack>
      {list.isPending ? (
        <SkeletonList rows={3} rowHeight={88} label="Loading applications" />
      ) : list.error ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Alert severity="info">You have no applications yet. Start one to get accredited.</Alert>
      ) : (
        <Stack spacing={2}>
          {list.data.data.map((application) => (
            <ApplicationCard key={application._id} application={application} />
          ))}
          {pages > 1 && (
            <Pagination
              count={pages}
              page={page}
              onChange={(_event, next) => setParams((current) => ({ ...Object.fromEntries(current), page: String(next) }))}
              sx={{ alignSelf: 'center' }}
            />
          )}
        </Stack>
      )}
      <CreateApplicationDialog open={creating} onClose={() => setCreating(false)} />
    </Container>
  );
}
