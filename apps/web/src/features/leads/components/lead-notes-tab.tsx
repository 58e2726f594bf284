import Add from '@mui/icons-material/Add';
import { Button, Card, CardContent, Pagination, Stack, Typography } from '@mui/material';
import { LEAD_TEXTS, type LeadNote } from '@tessera/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/error-block.tsx';
import { SkeletonList } from '../../../components/skeleton-list.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { formatRelativeOrDate, useDateFormats } from '../../../lib/format.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useCreateLeadNote } from '../api/create-lead-note.ts';
import { useDeleteLeadNote } from '../api/delete-lead-note.ts';
import { useLeadNotes } from '../api/list-lead-notes.ts';
import { useUpdateLeadNote } from '../api/update-lead-note.ts';
import { useLeadContext } from './lead-detail-page.tsx';
import { LeadNoteDialog } from './lead-note-dialog.tsx';
import { leadErrorText } from './lead-toast.ts';

const LIMIT = 20;

/** Notes tab (002 §2, §5): the lead's notes, newest first, each with Edit and Delete; 'Add note' opens `?modal=create`. */
export function LeadNotesTab() {
  useDateFormats();
  const { tenantId, lead } = useLeadContext();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<LeadNote | null>(null);
  const notes = useLeadNotes(tenantId, lead._id, { page, limit: LIMIT });
  const create = useCreateLeadNote(tenantId, lead._id);
  const update = useUpdateLeadNote(tenantId, lead._id);
  const remove = useDeleteLeadNote(tenantId, lead._id);
  const { confirm, confirmDialog } = useConfirm();
  const creating = params.get('modal') === 'create';

  const setCreating = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set('modal', 'create');
        else next.delete('modal');
        return next;
      },
      { replace: !open },
    );

  const saveNew = async (content: string) => {
    try {
      await create.mutateAsync({ content });
      enqueueSnackbar(LEAD_TEXTS.noteCreated, { variant: 'success' });
      setPage(1);
      setCreating(false);
      return true;
    } catch (error) {
      enqueueSnackbar(leadErrorText(error, LEAD_TEXTS.errorUpdatingNotes), { variant: 'error' });
      return false;
    }
  };

  const saveEdit = async (content: string) => {
    if (!editing) return false;
    try {
      await update.mutateAsync({ noteId: editing._id, content });
      enqueueSnackbar(LEAD_TEXTS.noteUpdated, { variant: 'success' });
      setEditing(null);
      return true;
    } catch (error) {
      enqueueSnackbar(leadErrorText(error, LEAD_TEXTS.errorUpdatingNote), { variant: 'error' });
      return false;
    }
  };

  const askDelete = (note: LeadNote) =>
    confirm({
      title: 'Delete note?',
      message: 'The note is deleted for everyone on the team.',
      confirmLabel: 'Delete',
      destructive: true,
      onConfirm: async () => {
        try {
          await remove.mutateAsync(note._id);
        } catch (error) {
          enqueueSnackbar(leadErrorText(error, LEAD_TEXTS.errorDeletingNote), { variant: 'error' });
          throw error;
        }
        enqueueSnackbar(LEAD_TEXTS.noteDeleted, { variant: 'success' });
      },
    });

  const pages = notes.data ? Math.ceil(notes.data.meta.total / LIMIT) : 0;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2">
          Notes
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
          Add note
        </Button>
      </Stack>
      {notes.isPending ? (
        <SkeletonList rows={3} rowHeight={88} label="Loading notes" />
      ) : notes.error ? (
        <ErrorBlock error={notes.error} onRetry={() => void notes.refetch()} />
      ) : notes.data.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No notes yet. Notes are seen by everyone on the institution's team.
        </Typography>
      ) : (
        <Stack spacing={1.5} component="ul" aria-label="Notes" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {notes.data.data.map((note) => (
            <Card key={note._id} variant="outlined" component="li">
              <CardContent sx={{ pb: 1 }}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {note.content}
                </Typography>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1, gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {note.createdBy.name ?? 'Someone'} · {formatRelativeOrDate(note.createdAt)}
                    {note.updatedAt !== note.createdAt && ' · edited'}
                  </Typography>
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => setEditing(note)}>
                      Edit
                    </Button>
                    <Button size="small" color="error" onClick={() => askDelete(note)}>
                      Delete
                    </Button>
                  </Stack>
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      {pages > 1 && <Pagination count={pages} page={page} onChange={(_e, p) => setPage(p)} sx={{ alignSelf: 'center' }} />}
      {/* Mounted only while open: each dialog's unsaved-changes guard is a router blocker, and a router holds one. */}
      {creating && (
        <LeadNoteDialog open title="Add note" initial="" pending={create.isPending} onClose={() => setCreating(false)} onSave={saveNew} />
      )}
      {editing && (
        <LeadNoteDialog
          key={editing._id}
          open
          title="Edit note"
          initial={editing.content}
          pending={update.isPending}
          onClose={() => setEditing(null)}
          onSave={saveEdit}
        />
      )}
      {confirmDialog}
    </Stack>
  );
}
