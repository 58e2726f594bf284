import { Box, FormControlLabel, Switch } from '@mui/material';
import { createContext, useContext, useState, type ElementType, type ReactNode } from 'react';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage.ts';

/** What a hidden name, e-mail or phone shows instead. */
export const PII_MASK = '••••••';

interface PiiState {
  hidden: boolean;
  setHidden: (hidden: boolean) => void;
}

const PiiContext = createContext<PiiState>({ hidden: false, setHidden: () => {} });

/** The lead page's PII toggle, remembered per browser so a screen shared or recorded stays masked on the next visit. */
export function PiiProvider({ children }: { children: ReactNode }) {
  const [hidden, setHiddenState] = useState(() => readJson(localStorage, STORAGE_KEYS.leadPiiHidden) === true);
  const setHidden = (next: boolean) => {
    setHiddenState(next);
    writeJson(localStorage, STORAGE_KEYS.leadPiiHidden, next);
  };
  return <PiiContext value={{ hidden, setHidden }}>{children}</PiiContext>;
}

export const usePii = () => useContext(PiiContext);

/** A value the PII toggle hides: the value or the mask, always marked `data-pii` so screenshots mask it too. */
export function Pii({ value, component = 'span' }: { value: string; component?: ElementType }) {
  const { hidden } = usePii();
  return (
    <Box component={component} data-pii="" sx={{ overflowWrap: 'anywhere' }}>
      {hidden ? PII_MASK : value}
    </Box>
  );
}

/** 'Hide personal data': masks the lead's name, e-mail and phone everywhere on the page. */
export function PiiSwitch() {
  const { hidden, setHidden } = usePii();
  return (
    <FormControlLabel control={<Switch checked={hidden} onChange={(e) => setHidden(e.target.checked)} />} label="Hide personal data" />
  );
}
