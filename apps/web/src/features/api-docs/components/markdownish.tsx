import { Stack, Typography, type TypographyProps } from '@mui/material';
import { Fragment, type ReactNode } from 'react';

/** The little markdown the document's descriptions use: paragraphs, **bold** and `code`. */
export function Markdownish({ text, variant = 'body2' }: { text: string; variant?: TypographyProps['variant'] }) {
  return (
    <Stack spacing={1}>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <Typography key={i} variant={variant}>
          {paragraph
            .split(/(\*\*[^*]+\*\*|`[^`]+`)/)
            .map(
              (part, j): ReactNode =>
                part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
                  <strong key={j}>{part.slice(2, -2)}</strong>
                ) : part.startsWith('`') && part.endsWith('`') && part.length > 2 ? (
                  <code key={j}>{part.slice(1, -1)}</code>
                ) : (
                  <Fragment key={j}>{part}</Fragment>
                ),
            )}
        </Typography>
      ))}
    </Stack>
  );
}
