import ExpandMore from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import { LEAD_TEXTS, type TenantLead } from '@tessera/domain';
import { useId, useState, type ReactNode } from 'react';
import { LeadInvestorAccount } from './lead-investor-account.tsx';
import { LeadWorkflows } from './lead-workflows.tsx';

function Section({ title, defaultExpanded = false, children }: { title: string; defaultExpanded?: boolean; children: ReactNode }) {
  const id = useId();
  const [expanded, setExpanded] = useState(defaultExpanded);
  return (
    <Accordion
      disableGutters
      variant="outlined"
      expanded={expanded}
      onChange={(_e, next) => setExpanded(next)}
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} id={`${id}-header`} aria-controls={`${id}-content`}>
        <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

function ComingSoon() {
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {LEAD_TEXTS.comingSoon}
    </Typography>
  );
}

/**
 * The right panel (002 §2): Investor Account and Workflows open, Marketing Campaigns, Investments Made and Investment
 * Entities ('Coming Soon') folded.
 */
export function LeadSidePanel({ tenantId, lead }: { tenantId: string; lead: TenantLead }) {
  return (
    <Box>
      <Section title="Investor Account" defaultExpanded>
        <LeadInvestorAccount tenantId={tenantId} lead={lead} />
      </Section>
      <Section title="Workflows" defaultExpanded>
        <LeadWorkflows tenantId={tenantId} lead={lead} />
      </Section>
      <Section title="Marketing Campaigns">
        <ComingSoon />
      </Section>
      <Section title="Investments Made">
        <ComingSoon />
      </Section>
      <Section title="Investment Entities">
        <ComingSoon />
      </Section>
    </Box>
  );
}
