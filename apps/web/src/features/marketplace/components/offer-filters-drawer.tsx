import Close from '@mui/icons-material/Close';
import { Button, Drawer, IconButton, Stack } from '@mui/material';
import { OfferFilters, type OfferFiltersProps } from './offer-filters.tsx';

/** The filter panel under 900 px: a drawer from the left, with a button back to the results. */
export function OfferFiltersDrawer({
  open,
  onClose,
  total,
  ...filters
}: OfferFiltersProps & { open: boolean; onClose: () => void; total: number | undefined }) {
  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 'min(340px, 88vw)', p: 2 } } }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: -1 }}>
        <IconButton onClick={onClose} aria-label="Close filters">
          <Close />
        </IconButton>
      </Stack>
      <OfferFilters {...filters} />
      <Button variant="contained" onClick={onClose} sx={{ mt: 3 }}>
        {total === undefined ? 'Show offers' : `Show ${total} ${total === 1 ? 'offer' : 'offers'}`}
      </Button>
    </Drawer>
  );
}
