import { Box, FormHelperText, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useId } from 'react';

/** Tiptap and ProseMirror stay out of the pages that only show rich text (the public offer page's budget). */
const RichTextEditorField = lazy(() => import('./rich-text-editor-field.tsx'));

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
}

/**
 * A rich text field (Tiptap through mui-tiptap): paragraphs, line breaks, headings, lists, bold, italic,
 * underline, strikethrough and links. The server sanitises whatever HTML it receives against the same list.
 */
export function RichTextEditor({ label, value, onChange, helperText, error = false, disabled = false }: RichTextEditorProps) {
  const labelId = useId();
  const helpId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ color: error ? 'error.main' : 'text.secondary', mb: 0.5 }}>
        {label}
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={210} />}>
        <RichTextEditorField
          value={value}
          onChange={onChange}
          labelId={labelId}
          toolbarLabel={`${label} formatting`}
          helpId={helperText ? helpId : undefined}
          error={error}
          disabled={disabled}
        />
      </Suspense>
      {helperText && (
        <FormHelperText id={helpId} error={error}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
