import { Box, Typography, useTheme } from '@mui/material';
import { wordmarkFontSize } from '@tessera/domain';

/** The product's own logo, shown when no tenant slug names a brand (§1). */
export function TesseraWordmark({ height = 28 }: { height?: number }) {
  const { palette } = useTheme();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <svg width={height} height={height} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="2" y="2" width="13" height="13" rx="3" fill={palette.primary.main} />
        <rect x="17" y="2" width="13" height="13" rx="3" fill={palette.secondary.main} />
        <rect x="2" y="17" width="13" height="13" rx="3" fill={palette.secondary.main} />
        <rect x="17" y="17" width="13" height="13" rx="3" fill={palette.primary.main} opacity={0.55} />
      </svg>
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: wordmarkFontSize(height), letterSpacing: '0.01em', color: 'text.primary', lineHeight: 1 }}
      >
        Tessera
      </Typography>
    </Box>
  );
}
