import { Chip, Stack, Tooltip } from '@mui/material';
import { apiKeyScopeLabels, type ApiKeyScope } from '@tessera/domain';
import { presetOf, scopePresetLabels } from '../scopes.ts';

/** How many scopes a row shows before folding the rest into '+N'. */
const SHOWN = 2;
const describe = (scopes: readonly ApiKeyScope[]) => scopes.map((s) => apiKeyScopeLabels[s]).join(', ');

/**
 * A key's scopes in a list row: one chip for a preset ('Read-only', 'Full access'), else the first scopes and '+N'
 * for the rest; every chip's tooltip says in words what it allows.
 */
export function ScopeChips({ scopes, available }: { scopes: readonly ApiKeyScope[]; available: readonly ApiKeyScope[] | null }) {
  const preset = available ? presetOf(scopes, available) : null;
  if (preset) {
    const label = scopePresetLabels[preset];
    return (
      <Tooltip describeChild title={describe(scopes)}>
        <Chip size="small" label={label} />
      </Tooltip>
    );
  }
  const shown = scopes.slice(0, SHOWN);
  const rest = scopes.slice(SHOWN);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}>
      {shown.map((scope) => (
        <Tooltip key={scope} describeChild title={apiKeyScopeLabels[scope]}>
          <Chip size="small" variant="outlined" label={scope} />
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Tooltip describeChild title={describe(rest)}>
          <Chip size="small" label={`+${rest.length}`} />
        </Tooltip>
      )}
    </Stack>
  );
}
