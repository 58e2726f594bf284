import { MenuItem, TextField } from '@mui/material';
import { userRole, userRoleLabels, type AdminUser, type UserRole } from '@tessera/domain';
import { useSnackbar } from '../../../lib/toast.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useUpdateUserRole } from '../api/update-user-role.ts';

/** The user's platform role; every change is confirmed first. An admin cannot take their own admin role away. */
export function UserRoleSelect({ user }: { user: AdminUser }) {
  const { user: me } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateUserRole(user._id);
  const { confirm, confirmDialog } = useConfirm();
  const isSelf = me?._id === user._id;

  return (
    <>
      <TextField
        select
        label="Role"
        size="small"
        value={user.role}
        disabled={update.isPending}
        helperText={isSelf ? 'You cannot remove your own admin role' : undefined}
        sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
        onChange={(e) => {
          const role = e.target.value as UserRole;
          if (role === user.role) return;
          confirm({
            title: 'Change role?',
            message: `${user.email} will have the role ${userRoleLabels[role]} instead of ${userRoleLabels[user.role]}.`,
            onConfirm: async () => {
              await update.mutateAsync(role);
              enqueueSnackbar('Role updated', { variant: 'success' });
            },
          });
        }}
      >
        {userRole.options.map((value) => (
          <MenuItem key={value} value={value} disabled={isSelf && value !== 'admin'}>
            {userRoleLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      {confirmDialog}
    </>
  );
}
