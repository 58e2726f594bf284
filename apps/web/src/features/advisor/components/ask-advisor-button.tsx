import AutoAwesome from '@mui/icons-material/AutoAwesomeOutlined';
import { Button } from '@mui/material';
import { ADVISOR_TEXTS } from '@tessera/domain';
import { useSession } from '../../../lib/session/use-session.ts';
import { advisorStore } from '../advisor-store.ts';

/** 'Ask the AI Advisor' on an offer's page, for a signed-in user: opens the panel about that offer. */
export function AskAdvisorButton() {
  const { authenticated } = useSession();
  if (!authenticated) return null;
  return (
    <Button variant="outlined" startIcon={<AutoAwesome />} onClick={advisorStore.open}>
      {ADVISOR_TEXTS.open}
    </Button>
  );
}
