import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { countryName, govPhotoIdLabel, govPhotoIdTypeLabels, US_STATES, type GovPhotoId } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { useId } from 'react';

interface GovPhotoIdDialogProps {
  govPhotoId: GovPhotoId;
  onClose: () => void;
}

/** One government photo ID's details (read-only: an ID is verified as submitted; a change is a new ID). */
export function GovPhotoIdDialog({ govPhotoId: id, onClose }: GovPhotoIdDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const rows: [string, string][] = [
    ['Type', govPhotoIdTypeLabels[id.type]],
    ['Number', id.number],
    ['Issuing country', countryName(id.issuingCountry)],
    ['Issuing state', (id.issuingCountry === 'US' && US_STATES.find((s) => s.code === id.issuingState)?.name) || id.issuingState],
    ['Issuing authority', id.issuingAuthority],
    ['Issued', formatDate(id.issuingDate)],
    ['Expires', formatDate(id.expirationDate)],
    ['Submitted', formatDate(id.createdAt)],
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-word' }}>
        {govPhotoIdLabel(id)}
      </DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
