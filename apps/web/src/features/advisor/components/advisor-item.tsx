import { Box, Chip, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { ADVISOR_TEXTS, type ChatItem } from '@tessera/domain';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { formatRelativeOrDate } from '../../../lib/format.ts';
import { AdvisorMarkdown, isInternalPath } from './advisor-markdown.tsx';

interface AdvisorItemProps {
  item: ChatItem;
  /** Now, for relative times (re-rendered each minute by the panel). */
  now: number;
  onPrompt: (value: string) => void;
  /** While a question is being answered (or the socket is down), chips send nothing. */
  promptsDisabled: boolean;
}

function Prompts({ item, onPrompt, disabled }: { item: ChatItem; onPrompt: (value: string) => void; disabled: boolean }) {
  if (item.prompts.length === 0) return null;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap', justifyContent: item.position === 'center' ? 'center' : 'flex-start' }}
    >
      {item.prompts.map((prompt) => (
        <Chip
          key={prompt.id}
          label={prompt.label}
          variant="outlined"
          color="primary"
          clickable
          disabled={disabled}
          onClick={() => onPrompt(prompt.value)}
        />
      ))}
    </Stack>
  );
}

/** One item of the chat (001 §3): suggestions centred, the user's questions on the right, the advisor's answers on the left. */
export function AdvisorItem({ item, now, onPrompt, promptsDisabled }: AdvisorItemProps) {
  if (item.type === 'suggestion') {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 1 }} data-testid="advisor-suggestion">
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {item.message}
        </Typography>
        <Prompts item={item} onPrompt={onPrompt} disabled={promptsDisabled} />
      </Stack>
    );
  }
  const mine = item.sender === 'user';
  const typing = item.status === 'typing';
  const thinking = typing && (!item.message || item.message === ADVISOR_TEXTS.thinking);
  return (
    <Stack spacing={0.75} sx={{ alignItems: mine ? 'flex-end' : 'flex-start' }} data-testid="advisor-item" aria-busy={typing || undefined}>
      <Box
        sx={{
          maxWidth: '88%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          ...(mine
            ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderBottomRightRadius: 4 }
            : { bgcolor: 'action.hover', color: 'text.primary', borderBottomLeftRadius: 4 }),
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {mine ? 'You: ' : `${ADVISOR_TEXTS.title}: `}
        </Box>
        {thinking ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={14} color="inherit" aria-hidden />
            <Typography variant="body2">{ADVISOR_TEXTS.thinking}</Typography>
          </Stack>
        ) : mine ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.message}
          </Typography>
        ) : (
          <AdvisorMarkdown markdown={item.message} />
        )}
        {!mine && item.citations.length > 0 && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
              {ADVISOR_TEXTS.sources}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {item.citations.map((citation) => (
                <li key={citation.offerId}>
                  {isInternalPath(citation.path) ? (
                    <Link component={RouterLink} to={citation.path} variant="body2">
                      {citation.name}
                    </Link>
                  ) : (
                    <Typography variant="body2">{citation.name}</Typography>
                  )}
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Box>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', px: 0.5, color: 'text.secondary' }}>
        {typing && !thinking && <CircularProgress size={10} color="inherit" aria-hidden />}
        <Typography variant="caption">{formatRelativeOrDate(item.timestamp, Math.max(now, Date.parse(item.timestamp)))}</Typography>
      </Stack>
      {!mine && !typing && <Prompts item={item} onPrompt={onPrompt} disabled={promptsDisabled} />}
    </Stack>
  );
}
