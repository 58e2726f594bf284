import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { raiseAppModeLabels, type RaiseAppMode } from '@tessera/domain';
import { lazy, Suspense } from 'react';
import { useModeChange } from '../hooks/use-mode-change.ts';

// Loaded when Raise asks for an institution: the top bar of every signed-in page does not carry it.
const SelectInstitutionDialog = lazy(() => import('./select-institution-dialog.tsx').then((m) => ({ default: m.SelectInstitutionDialog })));

/**
 * The Invest / Raise switch of the top bar (002 §1). Raise without the institution:manage flag is refused with
 * the spec's message; Raise without a picked institution asks for one.
 */
export function ModeSwitch() {
  const { mode, change, pending, picking, stopPicking } = useModeChange();

  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={mode}
        onChange={(_, next: RaiseAppMode | null) => void change(next)}
        aria-label="App mode"
        disabled={pending}
        sx={{
          flexShrink: 0,
          mr: 0.5,
          '& .MuiToggleButton-root': { px: { xs: 0.75, sm: 1.5 }, py: 0.25, textTransform: 'none', fontWeight: 600 },
        }}
      >
        {(['investor', 'institution'] as const).map((m) => (
          <ToggleButton key={m} value={m} aria-label={`${raiseAppModeLabels[m]} mode`}>
            {raiseAppModeLabels[m]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {picking && (
        <Suspense fallback={null}>
          <SelectInstitutionDialog open onClose={stopPicking} returnTo="/institution/dashboard" />
        </Suspense>
      )}
    </>
  );
}
