import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import { Box, Button, Card, CardContent, Chip, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { LEAD_TEXTS, leadOriginLabels, type TenantLead } from '@tessera/domain';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { ImageAvatarUpload } from '../../../components/image-avatar-upload.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { formatRelativeOrDate, useDateFormats } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useImageUrl } from '../../images/index.ts';
import { useDeleteLead } from '../api/delete-lead.ts';
import { useUpdateLeadImage } from '../api/update-lead-image.ts';
import { LeadContactDialog } from './lead-contact-dialog.tsx';
import { LEADS_PATH, leadDetailPath, leadName } from './lead-names.ts';
import { LeadDetailsDialog } from './lead-details-dialog.tsx';
import { Pii, PiiSwitch, usePii } from './lead-pii.tsx';
import { leadErrorText } from './lead-toast.ts';

/** How many of the newest notes the profile shows; the Notes tab has them all. */
const NOTES_SHOWN = 3;

interface LeadPanelProps {
  tenantId: string;
  lead: TenantLead;
}

/** The left panel (002 §2): avatar, name, e-mail, phone, last updated, actions, the PII toggle, details and notes. */
export function LeadProfilePanel({ tenantId, lead }: LeadPanelProps) {
  return (
    <Stack spacing={2}>
      <LeadIdentityCard tenantId={tenantId} lead={lead} />
      <LeadDetailsCard tenantId={tenantId} lead={lead} />
      <LeadNotesCard lead={lead} />
    </Stack>
  );
}

function LeadIdentityCard({ tenantId, lead }: LeadPanelProps) {
  useDateFormats();
  const { hidden } = usePii();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const image = useImageUrl(hidden ? null : lead.image);
  const updateImage = useUpdateLeadImage(tenantId, lead._id);
  const remove = useDeleteLead(tenantId, lead._id);
  const { confirm, confirmDialog } = useConfirm();
  const [editingContact, setEditingContact] = useState(false);

  const onFile = (file: File) =>
    updateImage.mutate(file, {
      onSuccess: () => enqueueSnackbar(LEAD_TEXTS.imageUpdated, { variant: 'info' }),
      onError: (error) => enqueueSnackbar(leadErrorText(error, LEAD_TEXTS.errorUpdatingImage), { variant: 'error' }),
    });

  const askDelete = () =>
    confirm({
      title: LEAD_TEXTS.deleteConfirmTitle,
      message: LEAD_TEXTS.deleteConfirmText,
      confirmLabel: 'Delete',
      destructive: true,
      onConfirm: async () => {
        try {
          await remove.mutateAsync();
        } catch (error) {
          enqueueSnackbar(leadErrorText(error, LEAD_TEXTS.errorDeleting), { variant: 'error' });
          throw error;
        }
        enqueueSnackbar(LEAD_TEXTS.deleted, { variant: 'success' });
        void navigate(LEADS_PATH);
      },
    });

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <ImageAvatarUpload
            src={image.data}
            name={hidden ? '• •' : leadName(lead)}
            label="Change lead image"
            pending={updateImage.isPending}
            onFile={onFile}
            inputTestId="lead-image-input"
          />
          <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
            <Pii value={leadName(lead)} />
          </Typography>
          <Stack spacing={0.25} sx={{ color: 'text.secondary', minWidth: 0, maxWidth: '100%' }}>
            <Typography variant="body2">
              <Pii value={lead.email} />
            </Typography>
            <Typography variant="body2">{lead.phone ? <Pii value={lead.phone} /> : 'No phone'}</Typography>
            <Typography variant="caption">Last updated {formatRelativeOrDate(lead.updatedAt)}</Typography>
          </Stack>
          <Stack direction="row" spacing={0.5}>
            <Tooltip title="Send e-mail">
              <IconButton aria-label="Send e-mail" href={`mailto:${lead.email}`}>
                <MailOutlined />
              </IconButton>
            </Tooltip>
            {lead.phone ? (
              <Tooltip title="Call">
                <IconButton aria-label="Call" href={`tel:${lead.phone}`}>
                  <PhoneOutlined />
                </IconButton>
              </Tooltip>
            ) : (
              <IconButton aria-label="Call (no phone)" disabled>
                <PhoneOutlined />
              </IconButton>
            )}
            <Tooltip title="Edit contact">
              <IconButton aria-label="Edit contact" onClick={() => setEditingContact(true)}>
                <EditOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete lead">
              <IconButton aria-label="Delete lead" color="error" onClick={askDelete}>
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          </Stack>
          <PiiSwitch />
        </Stack>
      </CardContent>
      {/* Mounted only while open: each dialog's unsaved-changes guard is a router blocker, and a router holds one. */}
      {editingContact && <LeadContactDialog tenantId={tenantId} lead={lead} open onClose={() => setEditingContact(false)} />}
      {confirmDialog}
    </Card>
  );
}

const chips = (values: readonly string[]) =>
  values.length === 0 ? (
    '-'
  ) : (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {values.map((v) => (
        <Chip key={v} label={v} size="small" />
      ))}
    </Box>
  );

function LeadDetailsCard({ tenantId, lead }: LeadPanelProps) {
  const [editing, setEditing] = useState(false);
  return (
    <SectionCard
      title="Details"
      action={
        <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
          Edit details
        </Button>
      }
    >
      <DefinitionList
        rows={[
          ['Company', lead.company ?? '-'],
          ['Title', lead.companyTitle ?? '-'],
          ['Origin', leadOriginLabels[lead.origin]],
          ['Interests', chips(lead.interests)],
          ['Tags', chips(lead.tags)],
        ]}
      />
      {editing && <LeadDetailsDialog tenantId={tenantId} lead={lead} open onClose={() => setEditing(false)} />}
    </SectionCard>
  );
}

function LeadNotesCard({ lead }: { lead: TenantLead }) {
  useDateFormats();
  const newest = lead.notes.slice(0, NOTES_SHOWN);
  return (
    <SectionCard
      title="Notes"
      action={
        <Link component={RouterLink} to={`${leadDetailPath(lead._id)}/notes`} variant="body2">
          All notes ({lead.notesCount})
        </Link>
      }
    >
      {newest.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No notes yet.
        </Typography>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {newest.map((note) => (
            <li key={note._id}>
              <Typography
                variant="body2"
                sx={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  display: '-webkit-box',
                  WebkitLineClamp: 3,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {note.content}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {note.createdBy.name ?? 'Someone'} · {formatRelativeOrDate(note.createdAt)}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
