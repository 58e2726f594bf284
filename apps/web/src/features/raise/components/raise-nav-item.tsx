import RocketLaunch from '@mui/icons-material/RocketLaunch';
import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useModeChange } from '../hooks/use-mode-change.ts';

/**
 * 'Raise' in the main navigation, for members who may raise (institution:manage, owners, platform admins): in Raise
 * mode a link to the institution dashboard, otherwise the same switch to Raise as the top bar's, which goes to the
 * institution list when none is picked yet.
 */
export function RaiseNavItem({ onNavigate }: { onNavigate?: () => void }) {
  const { mode, canRaise, change, pending } = useModeChange({ pickOn: 'list' });
  if (!canRaise) return null;
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 36 }}>
        <RocketLaunch />
      </ListItemIcon>
      <ListItemText primary="Raise" secondary="Your institution's offers" />
    </>
  );
  // An item of the navigation's list (a <ul> holds only <li>s: axe 'list').
  return (
    <ListItem disablePadding>
      {mode === 'institution' ? (
        <ListItemButton component={RouterLink} to="/institution/dashboard" onClick={onNavigate} sx={{ mx: 1, borderRadius: 1 }}>
          {content}
        </ListItemButton>
      ) : (
        <ListItemButton
          disabled={pending}
          onClick={() => {
            onNavigate?.();
            void change('institution');
          }}
          sx={{ mx: 1, borderRadius: 1 }}
        >
          {content}
        </ListItemButton>
      )}
    </ListItem>
  );
}
