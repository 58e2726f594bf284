import AutoAwesome from '@mui/icons-material/AutoAwesomeOutlined';
import { Button } from '@mui/material';
import { ADVISOR_TEXTS } from '@tessera/domain';
import { advisorStore } from '../advisor-store.ts';

/** 'Ask the AI Advisor' on an offer's page: opens the panel, about that offer (advisor-store.ts). */
export function AskAdvisorButton() {
  return (
    <Button variant="outlined" startIcon={<AutoAwesome />} onClick={advisorStore.open}>
      {ADVISOR_TEXTS.open}
    </Button>
  );
}
