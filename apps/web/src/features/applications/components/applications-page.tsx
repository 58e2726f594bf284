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
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { accreditationStatusDisplay, applicationTypeLabels, type ApplicationSummary } from '@tessera/domain';
import { useId } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatRelativeOrDate } from '../../../lib/format.ts';
import { useIsTenantOwner } from '../../../lib/session/use-is-tenant-owner.ts';
import { useCreateModal } from '../../../lib/use-create-modal.ts';
import { useCreateApplication } from '../api/create-application.ts';
import { useApplications } from '../api/list-applications.ts';
import { ReviewApplicationsList } from './review/review-list.tsx';

const PAGE_SIZE = 20;

/** Until approved the wizard is where an application is worked on; once approved, its details are what there is to see. */
const applicationPath = ({ _id, status }: ApplicationSummary) =>
  status === 'approved' ? `/investor/applications/${_id}/details` : `/investor/applications/${_id}`;

function ApplicationCard({ application }: { application: ApplicationSummary }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardActionArea component={RouterLink} to={applicationPath(application)} sx={{ p: 2.5 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {`${applicationTypeLabels[application.type]} application`}
          </Typography>
          <StatusDot {...accreditationStatusDisplay(application)} />
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

/** The investor's own applications, newest first, as cards. */
function MyApplications() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useApplications({ page, limit: PAGE_SIZE });
  const pages = list.data ? Math.ceil(list.data.meta.total / PAGE_SIZE) : 0;
  if (list.isPending) return <SkeletonList rows={3} rowHeight={88} label="Loading applications" />;
  if (list.error) return <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) return <Alert severity="info">You have no applications yet. Start one to get accredited.</Alert>;
  return (
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
  );
}

/**
 * /investor/applications: the investor's own applications (001 §2; ?modal=create opens creation). Reviewers (the
 * tenant's owners, platform admins) also get 'To review' (?view=review), every application of the tenant.
 */
export function InvestorApplicationsPage() {
  const [params] = useSearchParams();
  const reviewer = useIsTenantOwner();
  const view = reviewer && params.get('view') === 'review' ? 'review' : 'mine';
  const [creating, setCreating] = useCreateModal();
  return (
    <Container maxWidth={view === 'review' ? 'lg' : 'md'} sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <title>Applications</title>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Typography component="h1" variant="h4">
          Applications
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          New application
        </Button>
      </Stack>
      {reviewer && (
        <Tabs value={view} aria-label="Applications" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
          <Tab label="My applications" value="mine" component={RouterLink} to="/investor/applications" />
          <Tab label="To review" value="review" component={RouterLink} to="/investor/applications?view=review" />
        </Tabs>
      )}
      {view === 'review' ? <ReviewApplicationsList /> : <MyApplications />}
      <CreateApplicationDialog open={creating} onClose={() => setCreating(false)} />
    </Container>
  );
}
