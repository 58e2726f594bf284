import { Avatar, IconButton } from '@mui/material';
import { initials, userDisplayName } from '@tessera/domain';
import { lazy, Suspense, useState } from 'react';
import { Hint } from '../../components/hint.tsx';
import { useUserImage } from '../../features/account/index.ts';
import { useSession } from '../../lib/session/use-session.ts';

// Loaded on the first click: the menu and its items are not part of a signed-in page's first load.
const AccountMenu = lazy(() => import('./account-menu.tsx').then((m) => ({ default: m.AccountMenu })));

/** The avatar with the account links and Sign Out. */
export function UserMenu() {
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted on the first opening and kept, so the menu closes with its transition as before.
  const [opened, setOpened] = useState(false);
  const close = () => setAnchor(null);
  const name = userDisplayName(user);
  const image = useUserImage(user?.image);

  return (
    <>
      <Hint title="Account">
        <IconButton
          onClick={(e) => {
            setOpened(true);
            setAnchor(e.currentTarget);
          }}
          // The initials the avatar shows begin its name, so that a speech user can say them (axe label-content-name-mismatch).
          aria-label={`${initials(name)} Account menu`.trim()}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'account-menu' : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar src={image} alt="" sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            {initials(name)}
          </Avatar>
        </IconButton>
      </Hint>
      {opened && (
        <Suspense fallback={null}>
          <AccountMenu anchor={anchor} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
