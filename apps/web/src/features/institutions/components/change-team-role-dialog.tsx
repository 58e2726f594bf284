import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { institutionTeamRole, institutionTeamRoleLabels, type InstitutionTeamRole, type TeamMember } from '@tessera/domain';
import { useId, useState } from 'react';

interface ChangeTeamRoleDialogProps {
  member: TeamMember | null;
  busy: boolean;
  onClose: () => void;
  onSave: (role: InstitutionTeamRole) => void;
}

/** Picks a new team role for one person; Save is enabled only for a different role. */
export function ChangeTeamRoleDialog({ member, busy, onClose, onSave }: ChangeTeamRoleDialogProps) {
  const titleId = useId();
  const [picked, setPicked] = useState<InstitutionTeamRole | null>(null);
  const role = picked ?? member?.role ?? 'member';
  const close = () => {
    if (busy) return;
    setPicked(null);
    onClose();
  };
  return (
    <Dialog open={member !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Change role</DialogTitle>
      <DialogContent>
        <TextField
          select
          label="Role"
          fullWidth
          value={role}
          onChange={(e) => setPicked(e.target.value as InstitutionTeamRole)}
          helperText={member ? member.subject.email : undefined}
          sx={{ mt: 1 }}
        >
          {institutionTeamRole.options.map((r) => (
            <MenuItem key={r} value={r}>
              {institutionTeamRoleLabels[r]}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!member || role === member.role}
          loading={busy}
          onClick={() => {
            onSave(role);
            setPicked(null);
          }}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
