import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOff from '@mui/icons-material/LinkOff';
import { Box, FormHelperText, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useId, useRef } from 'react';

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
}

const TOOLS = [
  { command: 'bold', label: 'Bold', icon: <FormatBold fontSize="small" /> },
  { command: 'italic', label: 'Italic', icon: <FormatItalic fontSize="small" /> },
  { command: 'underline', label: 'Underline', icon: <FormatUnderlined fontSize="small" /> },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: <FormatListBulleted fontSize="small" /> },
  { command: 'insertOrderedList', label: 'Numbered list', icon: <FormatListNumbered fontSize="small" /> },
] as const;

/** An empty editor leaves markup such as `<br>` behind; it counts as no text. */
const normalise = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '')
    .replace(/<[^>]+>/g, '')
    .trim() === '' && !/<(img|iframe)/i.test(html)
    ? ''
    : html;

/**
 * A dependency-light rich text field: a contentEditable area with a small toolbar (the browser's own
 * editing commands). The server sanitises whatever HTML it receives.
 */
export function RichTextEditor({ label, value, onChange, helperText, error = false, disabled = false }: RichTextEditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const helpId = useId();

  // Outside changes (a reset, the saved copy arriving) replace the content; the user's own typing does not round-trip.
  useEffect(() => {
    const el = ref.current;
    if (el && normalise(el.innerHTML) !== value) el.innerHTML = value;
  }, [value]);

  const run = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    if (ref.current) onChange(normalise(ref.current.innerHTML));
  };
  const addLink = () => {
    const url = window.prompt('Link address (https://…)');
    if (url && /^https?:\/\//i.test(url.trim())) run('createLink', url.trim());
  };

  return (
    <Box>
      <Typography id={labelId} variant="body2" sx={{ color: error ? 'error.main' : 'text.secondary', mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main' },
        }}
      >
        <Stack
          direction="row"
          role="toolbar"
          aria-label={`${label} formatting`}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 0.5, flexWrap: 'wrap' }}
        >
          {TOOLS.map((tool) => (
            <Tooltip key={tool.command} title={tool.label}>
              <span>
                <IconButton
                  size="small"
                  aria-label={tool.label}
                  disabled={disabled}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => run(tool.command)}
                >
                  {tool.icon}
                </IconButton>
              </span>
            </Tooltip>
          ))}
          <Tooltip title="Link">
            <span>
              <IconButton size="small" aria-label="Link" disabled={disabled} onMouseDown={(e) => e.preventDefault()} onClick={addLink}>
                <LinkIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Remove link">
            <span>
              <IconButton
                size="small"
                aria-label="Remove link"
                disabled={disabled}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => run('unlink')}
              >
                <LinkOff fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
        <Box
          ref={ref}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={helperText ? helpId : undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          onInput={(e) => onChange(normalise(e.currentTarget.innerHTML))}
          sx={{
            minHeight: 160,
            maxHeight: 480,
            overflowY: 'auto',
            p: 1.5,
            outline: 'none',
            typography: 'body1',
            wordBreak: 'break-word',
            '& ul, & ol': { pl: 3 },
            '& a': { color: 'primary.main' },
          }}
        />
      </Box>
      {helperText && (
        <FormHelperText id={helpId} error={error}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
