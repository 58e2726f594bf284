import { Box, Stack, Typography } from '@mui/material';
import { useId } from 'react';

/**
 * A small labelled native select for the toolbar. Native on purpose: the phone's own picker, and none of the
 * text-field and menu code on the marketplace's first load (its budget, scripts/check-budget.mjs).
 */
export function MarketplaceOfferListSelect<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Box
        component="select"
        id={id}
        value={String(value)}
        onChange={(e: React.ChangeEvent<HTMLSelectElement>) => {
          const chosen = options.find((o) => String(o.value) === e.target.value);
          if (chosen) onChange(chosen.value);
        }}
        sx={(theme) => ({
          font: 'inherit',
          typography: 'body2',
          color: 'text.primary',
          bgcolor: 'background.paper',
          colorScheme: theme.palette.mode,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          height: 36,
          px: 1,
          cursor: 'pointer',
          '&:hover': { borderColor: 'text.primary' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
        })}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </Box>
    </Stack>
  );
}
