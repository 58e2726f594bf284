import { List, ListItemAvatar, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { institutionDisplayName, institutionTypeLabels, type Institution } from '@tessera/domain';
import { InstitutionAvatar } from './institution-avatar.tsx';

/** Institutions to pick from: logo, name and id (002 §2 'Select an institution'). */
export function InstitutionOptions({
  institutions,
  selectedId,
  onPick,
  disabled,
  label,
}: {
  institutions: Institution[];
  selectedId: string | null;
  onPick: (institution: Institution) => void;
  disabled?: boolean;
  label: string;
}) {
  return (
    <List aria-label={label} disablePadding>
      {institutions.map((i) => (
        <ListItemButton
          key={i._id}
          selected={i._id === selectedId}
          disabled={disabled}
          onClick={() => onPick(i)}
          sx={{ borderRadius: 1, gap: 0 }}
        >
          <ListItemAvatar>
            <InstitutionAvatar institution={i} />
          </ListItemAvatar>
          <ListItemText
            primary={institutionDisplayName(i)}
            secondary={
              <Stack component="span" direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <span>{institutionTypeLabels[i.type]}</span>
                <Typography
                  component="span"
                  variant="caption"
                  sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', color: 'text.secondary' }}
                >
                  {i._id}
                </Typography>
              </Stack>
            }
            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

export function InstitutionOptionsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack spacing={1} aria-label="Loading institutions" role="status" sx={{ py: 1 }}>
      {Array.from({ length: rows }, (_, i) => (
        <Stack key={i} direction="row" spacing={2} sx={{ alignItems: 'center', px: 2 }}>
          <Skeleton variant="rounded" width={40} height={40} />
          <Stack sx={{ flex: 1 }}>
            <Skeleton width="60%" />
            <Skeleton width="40%" />
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
