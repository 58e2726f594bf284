import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { Chip, Tooltip } from '@mui/material';

/** 002 §5 completeness: 'Complete', or 'Incomplete' with what is missing in its tooltip and accessible name. */
export function CompletenessChip({ complete, missing }: { complete: boolean; missing?: string }) {
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={complete ? 'success' : 'warning'}
      icon={complete ? <CheckCircle /> : <RadioButtonUnchecked />}
      label={complete ? 'Complete' : 'Incomplete'}
      aria-label={complete ? 'Complete' : `Incomplete${missing ? `. ${missing}` : ''}`}
    />
  );
  return !complete && missing ? <Tooltip title={missing}>{chip}</Tooltip> : chip;
}
