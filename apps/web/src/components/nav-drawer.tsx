import type { DrawerProps } from '@mui/material/Drawer';
import { lazy, Suspense, useState } from 'react';

// MUI's temporary drawer brings its Modal, Portal, focus trap and transitions (~11 KB gzip); a phone's first load
// shows only the button that opens it, so it loads on the first opening.
const Drawer = lazy(() => import('@mui/material/Drawer'));

/**
 * A side navigation's drawer under 900 px: nothing until it is first opened, then mounted and kept (as
 * `keepMounted` keeps it). A Drawer mounted open skips its slide; `appear` keeps the first opening's.
 */
export function NavDrawer({ open, onClose, children }: Pick<DrawerProps, 'open' | 'onClose' | 'children'>) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Drawer open={open} onClose={onClose} ModalProps={{ keepMounted: true }} slotProps={{ transition: { appear: true } }}>
        {children}
      </Drawer>
    </Suspense>
  );
}
