import SendIcon from '@mui/icons-material/Send';
import { IconButton, Stack, TextField } from '@mui/material';
import { ADVISOR_LIMITS, ADVISOR_TEXTS } from '@tessera/domain';
import type { KeyboardEvent, Ref } from 'react';

/** The counter shows from this many characters before the limit. */
const COUNTER_FROM = ADVISOR_LIMITS.messageMax - 200;

interface AdvisorComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** False while a question is answered or the socket is down: typing goes on, sending waits. */
  canSend: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
}

/** The question box: Enter sends, Shift+Enter starts a new line; empty or too long questions are not sent (001 §5). */
export function AdvisorComposer({ value, onChange, onSend, canSend, inputRef }: AdvisorComposerProps) {
  const length = value.length;
  const tooLong = length > ADVISOR_LIMITS.messageMax;
  const sendable = canSend && value.trim() !== '' && !tooLong;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (sendable) onSend();
  }

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', p: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <TextField
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={ADVISOR_TEXTS.placeholder}
        multiline
        minRows={1}
        maxRows={6}
        fullWidth
        size="small"
        inputRef={inputRef}
        error={tooLong}
        helperText={
          tooLong
            ? `${ADVISOR_TEXTS.tooLong} (${length} / ${ADVISOR_LIMITS.messageMax})`
            : length >= COUNTER_FROM
              ? `${length} / ${ADVISOR_LIMITS.messageMax}`
              : undefined
        }
        slotProps={{ htmlInput: { 'aria-label': 'Your question' } }}
      />
      <IconButton
        color="primary"
        aria-label={ADVISOR_TEXTS.send}
        onClick={onSend}
        disabled={!sendable}
        sx={{ mb: tooLong || length >= COUNTER_FROM ? 3 : 0 }}
      >
        <SendIcon />
      </IconButton>
    </Stack>
  );
}
