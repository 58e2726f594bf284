import { Box, Stack, Typography } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { isEmptyValue } from '@tessera/domain';

interface DiffViewerProps {
  /** Changed fields with their old and new values (a timeline event's meta.change). */
  change?: Record<string, { old: unknown; new: unknown }>;
  /** Values of a deleted record (a timeline event's meta.delete). */
  deleted?: Record<string, unknown>;
}

function formatDiffValue(value: unknown): string {
  if (isEmptyValue(value)) return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const valueSx = { fontFamily: 'monospace', wordBreak: 'break-word', whiteSpace: 'pre-wrap' } as const;
/** The shade of a status colour that reads as text (4.5:1, axe color-contrast) on the surface of either mode. */
const readable = (colour: 'error' | 'success') => (theme: Theme) =>
  theme.palette.mode === 'dark' ? theme.palette[colour].light : theme.palette[colour].dark;

function DiffRow({ field, before, after }: { field: string; before: unknown; after?: unknown }) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Typography variant="subtitle2" component="div">
        {field}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography variant="body2" component="del" sx={{ ...valueSx, color: readable('error'), textDecoration: 'line-through' }}>
          {formatDiffValue(before)}
        </Typography>
        {after !== undefined && (
          <>
            <Typography variant="body2" aria-hidden sx={{ color: 'text.secondary' }}>
              →
            </Typography>
            <Typography variant="body2" component="ins" sx={{ ...valueSx, color: readable('success'), textDecoration: 'none' }}>
              {formatDiffValue(after)}
            </Typography>
          </>
        )}
      </Stack>
    </Box>
  );
}

/** Old and new values side by side, wrapping on narrow screens. */
export function DiffViewer({ change = {}, deleted = {} }: DiffViewerProps) {
  const changed = Object.entries(change);
  const removed = Object.entries(deleted);
  if (changed.length === 0 && removed.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No changes recorded
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {changed.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
          {changed.map(([field, values]) => (
            <DiffRow key={field} field={field} before={values.old} after={values.new} />
          ))}
        </Stack>
      )}
      {removed.length > 0 && (
        <Box>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            Deleted
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
            {removed.map(([field, value]) => (
              <DiffRow key={field} field={field} before={value} />
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
