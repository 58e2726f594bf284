import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  investmentWorkflowName,
  WORKFLOW_TEMPLATES,
  workflowType,
  type OfferSummary,
  type TenantLead,
  type WorkflowType,
} from '@tessera/domain';
import { useId, useState } from 'react';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { CurrencyInput } from '../../../components/masked-input.tsx';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { formatMoney } from '../../../lib/format-number.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useOffers } from '../../offers/index.ts';
import { investmentFailureText, WORKFLOW_CREATED_TOAST } from '../../workflows/index.ts';
import { useCreateLeadWorkflow } from '../api/create-lead-workflow.ts';
import { leadName } from './lead-detail-page.tsx';
import { Pii } from './lead-pii.tsx';

/** The configuration pages (002 §4): the dialog pages through them by index, 'Done' on the last. */
const PAGES = ['Type', 'Offer', 'Amount', 'Review'] as const;

interface Draft {
  type: WorkflowType | '';
  offer: OfferSummary | null;
  name: string;
  /** The name as the person typed it; null while it follows the offer ('Investment - ' plus its name). */
  nameEdited: boolean;
  amount: number | null;
}
const EMPTY: Draft = { type: '', offer: null, name: '', nameEdited: false, amount: null };

interface CreateLeadWorkflowDialogProps {
  tenantId: string;
  lead: TenantLead;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Create workflow' (002 §4, §5): a type (accreditation and identity verification are the investor's to do in their
 * portal), then for an investment an offer of the lead's institution, the amount (by default the offer's lowest
 * minimum investment) and a review; 'Done' on the last page creates it.
 */
export function CreateLeadWorkflowDialog({ tenantId, lead, open, onClose }: CreateLeadWorkflowDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateLeadWorkflow(tenantId, lead._id);
  const [page, setPage] = useState(0);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  /** The last refusal, also shown in the dialog: the modal hides the toast from assistive technology. */
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(open && draft.type !== '' && !create.isPending);
  const last = page === PAGES.length - 1;
  const template = draft.type ? WORKFLOW_TEMPLATES[draft.type] : null;

  const pageDone = [
    template?.creatable === true,
    draft.offer !== null && draft.name.trim() !== '',
    draft.amount !== null && draft.amount > 0,
    true,
  ][page];

  const close = () => {
    if (create.isPending) return;
    setDraft(EMPTY);
    setPage(0);
    onClose();
  };

  const pickOffer = (offer: OfferSummary | null) =>
    setDraft((d) => ({
      ...d,
      offer,
      name: d.nameEdited ? d.name : offer ? investmentWorkflowName(offer.name) : '',
      amount: offer?.minimumInvestment ?? null,
    }));

  const done = () => {
    if (!draft.offer || draft.amount === null || draft.type !== 'investment') return;
    create.mutate(
      { type: 'investment', name: draft.name.trim(), config: { offer: draft.offer._id, amount: draft.amount } },
      {
        onSuccess: () => {
          enqueueSnackbar(WORKFLOW_CREATED_TOAST, { variant: 'success' });
          setDraft(EMPTY);
          setPage(0);
          onClose();
        },
        onError: (error) => {
          const text = investmentFailureText(error);
          setFailure(text);
          enqueueSnackbar(text, { variant: 'error' });
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Create workflow</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }} aria-live="polite">
            {`Step ${page + 1} of ${PAGES.length} · ${PAGES[page]}`}
          </Typography>
          {page === 0 && <TypePage draft={draft} setDraft={setDraft} lead={lead} />}
          {page === 1 && <OfferPage tenantId={tenantId} lead={lead} draft={draft} setDraft={setDraft} pickOffer={pickOffer} />}
          {page === 2 && <AmountPage draft={draft} setDraft={setDraft} />}
          {page === 3 && <ReviewPage draft={draft} lead={lead} />}
          {page === 3 && failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={create.isPending} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        {page > 0 && (
          <Button
            onClick={() => {
              setFailure(null);
              setPage((p) => p - 1);
            }}
            disabled={create.isPending}
          >
            Back
          </Button>
        )}
        {last ? (
          <Button variant="contained" onClick={done} loading={create.isPending}>
            Done
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setPage((p) => p + 1)} disabled={!pageDone}>
            Next
          </Button>
        )}
      </DialogActions>
      {guard}
    </Dialog>
  );
}

type SetDraft = (update: (d: Draft) => Draft) => void;

function TypePage({ draft, setDraft, lead }: { draft: Draft; setDraft: SetDraft; lead: TenantLead }) {
  const template = draft.type ? WORKFLOW_TEMPLATES[draft.type] : null;
  const active = lead.tenantMember?.membershipStatus === 'active' && lead.tenantMember.user !== null;
  return (
    <>
      <TextField
        select
        label="Type"
        required
        fullWidth
        value={draft.type}
        onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value as WorkflowType }))}
      >
        {workflowType.options.map((t) => (
          <MenuItem key={t} value={t}>
            {WORKFLOW_TEMPLATES[t].name}
          </MenuItem>
        ))}
      </TextField>
      {template && !template.creatable && <Alert severity="info">{template.info}</Alert>}
      {!active && (
        <Alert severity="warning">The lead has no active investor account yet: invite them first, or the workflow cannot be created.</Alert>
      )}
    </>
  );
}

function OfferPage({
  tenantId,
  lead,
  draft,
  setDraft,
  pickOffer,
}: {
  tenantId: string;
  lead: TenantLead;
  draft: Draft;
  setDraft: SetDraft;
  pickOffer: (offer: OfferSummary | null) => void;
}) {
  const offers = useOffers(tenantId, { institution: lead.institution, limit: 100, sort: 'name', direction: 'asc' });
  const list = offers.data?.data ?? [];
  return (
    <>
      {offers.error ? (
        <Alert severity="error">The institution's offers could not be loaded.</Alert>
      ) : !offers.isPending && list.length === 0 ? (
        <Alert severity="info">This institution has no offers yet: create one first.</Alert>
      ) : (
        <TextField
          select
          label="Offer"
          required
          fullWidth
          disabled={offers.isPending}
          helperText={offers.isPending ? 'Loading offers…' : "One of the institution's offers"}
          value={draft.offer?._id ?? ''}
          onChange={(e) => pickOffer(list.find((o) => o._id === e.target.value) ?? null)}
        >
          {list.map((o) => (
            <MenuItem key={o._id} value={o._id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label="Name"
        required
        fullWidth
        value={draft.name}
        onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value, nameEdited: true }))}
        helperText="Defaults to 'Investment - ' and the offer's name"
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </>
  );
}

function AmountPage({ draft, setDraft }: { draft: Draft; setDraft: SetDraft }) {
  const minimum = draft.offer?.minimumInvestment ?? null;
  return (
    <CurrencyInput
      label="Amount"
      required
      fullWidth
      value={draft.amount}
      onChange={(amount) => setDraft((d) => ({ ...d, amount }))}
      helperText={
        minimum === null ? 'The amount the lead means to invest' : `The offer's lowest minimum investment is ${formatMoney(minimum)}`
      }
    />
  );
}

function ReviewPage({ draft, lead }: { draft: Draft; lead: TenantLead }) {
  return (
    <DefinitionList
      rows={[
        ['Type', draft.type ? WORKFLOW_TEMPLATES[draft.type].name : '-'],
        ['Investor', <Pii key="investor" value={leadName(lead)} />],
        ['Offer', draft.offer?.name ?? '-'],
        ['Name', draft.name],
        ['Amount', formatMoney(draft.amount)],
      ]}
    />
  );
}
