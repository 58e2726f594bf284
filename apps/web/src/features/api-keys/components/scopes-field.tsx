import { Box, Button, Checkbox, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { apiKeyScopeLabels, type ApiKeyScope } from '@tessera/domain';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { apiKeyResourceLabels, presetScopes, scopeGroups, scopePresetLabels, type ScopePreset } from '../scopes.ts';

interface ScopesFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  /** The scopes this owner's keys may hold. */
  available: readonly ApiKeyScope[];
}

/** A private key's scopes: read and write per resource, with 'Read-only' and 'Full access' presets. */
export function ScopesField<T extends FieldValues, TOut extends FieldValues = T>({ control, name, available }: ScopesFieldProps<T, TOut>) {
  const groups = scopeGroups(available);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as ApiKeyScope[] | undefined) ?? [];
        const toggle = (scope: ApiKeyScope, on: boolean) =>
          field.onChange(on ? available.filter((s) => s === scope || value.includes(s)) : value.filter((s) => s !== scope));
        const box = (scope: ApiKeyScope | null, access: string) =>
          scope ? (
            <Checkbox
              checked={value.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { 'aria-label': apiKeyScopeLabels[scope] } }}
            />
          ) : (
            <Box aria-hidden sx={{ width: 42 }} title={`No ${access} scope`} />
          );
        return (
          <Stack component="fieldset" spacing={1} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <FormLabel component="legend" error={Boolean(fieldState.error)}>
              Scopes
            </FormLabel>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(['read-only', 'full'] as ScopePreset[]).map((preset) => (
                <Button key={preset} size="small" variant="outlined" onClick={() => field.onChange(presetScopes(preset, available))}>
                  {scopePresetLabels[preset]}
                </Button>
              ))}
              <Button size="small" onClick={() => field.onChange([])} disabled={value.length === 0}>
                Clear
              </Button>
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) auto auto',
                alignItems: 'center',
                columnGap: 1,
                border: 1,
                borderColor: fieldState.error ? 'error.main' : 'divider',
                borderRadius: 1,
                px: 1.5,
              }}
            >
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Resource
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
                Read
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
                Write
              </Typography>
              {groups.map((g) => (
                <Box key={g.resource} role="group" aria-label={apiKeyResourceLabels[g.resource]} sx={{ display: 'contents' }}>
                  <Typography variant="body2">{apiKeyResourceLabels[g.resource]}</Typography>
                  {box(g.read, 'read')}
                  {box(g.write, 'write')}
                </Box>
              ))}
            </Box>
            <FormHelperText error={Boolean(fieldState.error)}>
              {fieldState.error?.message ?? 'Reading needs the read scope; creating, changing and deleting need the write scope.'}
            </FormHelperText>
          </Stack>
        );
      }}
    />
  );
}
