import AutoAwesome from '@mui/icons-material/AutoAwesomeOutlined';
import { Button, Tooltip } from '@mui/material';
import { ADVISOR_TEXTS } from '@tessera/domain';
import { advisorStore } from '../advisor-store.ts';
import { advisorShortcutLabel } from '../shortcut.ts';

/** 'Ask the AI Advisor' on an offer's page: opens the panel, about that offer (advisor-store.ts). */
export function AskAdvisorButton() {
  const shortcut = advisorShortcutLabel();
  return (
    <Tooltip title={shortcut.text} describeChild>
      <Button variant="outlined" startIcon={<AutoAwesome />} onClick={advisorStore.open} aria-keyshortcuts={shortcut.aria}>
        {ADVISOR_TEXTS.open}
      </Button>
    </Tooltip>
  );
}
