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

/** The lead's personal data as text may carry it: the full name, each name, the e-mail and the phone. */
export function piiSecrets(lead: {
  firstname: string;
  middlename: string | null;
  lastname: string;
  email: string;
  phone: string | null;
}): string[] {
  const names = [lead.firstname, lead.middlename, lead.lastname].map((s) => s?.trim() ?? '').filter(Boolean);
  const all = [names.join(' '), ...names, lead.email, lead.phone ?? ''].filter((s) => s.length >= 2);
  // The longest first, so 'Ada Lovelace' is masked whole before 'Ada' alone.
  return [...new Set(all)].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `value` with every string inside it masked where it names the lead: a timeline event's message, its actor's name
 * (the lead's own engagement) and the old and new values in its details.
 */
export function maskPii<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const pattern = new RegExp(secrets.map(escapeRegExp).join('|'), 'gi');
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(pattern, PII_MASK);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    return v;
  };
  return walk(value) as T;
}
