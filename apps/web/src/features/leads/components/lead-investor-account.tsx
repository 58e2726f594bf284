import Send from '@mui/icons-material/Send';
import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import { LEAD_TEXTS, leadAccountStatusLabels, tenantRoleLabels, type TenantLead } from '@tessera/domain';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useInviteLead } from '../api/invite-lead.ts';
import { investorAccountState } from './investor-account-state.ts';
import { LeadAccreditationSummary } from './lead-accreditation-summary.tsx';
import { leadErrorText } from './lead-toast.ts';

interface LeadInvestorAccountProps {
  tenantId: string;
  lead: TenantLead;
}

/** Investor Account (002 §4): the lead's membership of the tenant, and the invitation that makes one. */
export function LeadInvestorAccount({ tenantId, lead }: LeadInvestorAccountProps) {
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInviteLead(tenantId, lead._id);
  const state = investorAccountState(lead);

  const send = () =>
    invite.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(LEAD_TEXTS.inviteSent, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(leadErrorText(error, LEAD_TEXTS.errorSendingInvite), { variant: 'error' }),
    });

  if (state.kind === 'account') {
    return (
      <Stack spacing={1.5}>
        <DefinitionList
          rows={[
            [
              'Status',
              <Chip
                key="s"
                size="small"
                // Outlined: a filled chip's text missed the contrast ratio in dark mode (axe, in Chromium).
                variant="outlined"
                color={state.status === 'active' ? 'success' : 'default'}
                label={leadAccountStatusLabels[state.status]}
              />,
            ],
            ['Role', tenantRoleLabels[state.role]],
          ]}
        />
        <LeadAccreditationSummary tenantId={tenantId} leadId={lead._id} />
      </Stack>
    );
  }
  if (state.kind === 'invited' || state.kind === 'rejected') {
    return (
      <Stack spacing={1}>
        <Chip
          sx={{ alignSelf: 'flex-start' }}
          variant="outlined"
          color={state.kind === 'invited' ? 'info' : 'warning'}
          label={state.kind === 'invited' ? LEAD_TEXTS.inviteSent : LEAD_TEXTS.inviteRejected}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {state.kind === 'invited'
            ? 'The lead has been e-mailed an invitation to open an investor account.'
            : 'The lead declined the invitation to open an investor account.'}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {state.kind === 'invite'
          ? 'The lead has no investor account yet. An invitation e-mails them a link to sign up as an investor here.'
          : 'The lead has no investor account. Send the invitation again to e-mail them a new link.'}
      </Typography>
      {lead.inviteStatus === 'error' && <Alert severity="warning">The last invitation could not be sent.</Alert>}
      <Button variant="contained" startIcon={<Send />} onClick={send} loading={invite.isPending} sx={{ alignSelf: 'flex-start' }}>
        {state.kind === 'invite' ? 'Invite' : LEAD_TEXTS.resendInvite}
      </Button>
    </Stack>
  );
}
