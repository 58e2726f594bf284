import { type ReactNode, useState } from 'react';
import { ConfirmDialog, type ConfirmOptions } from './confirm-dialog.tsx';

/**
 * Opens a ConfirmDialog from an event handler:
 * `const { confirm, confirmDialog } = useConfirm();` then render `{confirmDialog}` and call `confirm({ title, onConfirm })`.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => void; confirmDialog: ReactNode } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);

  const confirm = (next: ConfirmOptions) => {
    setOptions(next);
    setOpen(true);
  };

  // Options stay mounted after closing so the dialog's exit transition keeps its text.
  const confirmDialog = options && <ConfirmDialog {...options} open={open} onClose={() => setOpen(false)} />;
  return { confirm, confirmDialog };
}
