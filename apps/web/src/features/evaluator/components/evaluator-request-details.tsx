import { Box, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import type { EvaluatorApplicationView } from '@tessera/domain';
import { formatDate } from '../../../lib/format.ts';
import { DefinitionList } from '../../../components/definition-list.tsx';

/** Who asks, for what, and the statement the letter must make (the rule's wording, worded by the server). */
export function EvaluatorRequestDetails({ view }: { view: EvaluatorApplicationView }) {
  const rows: [string, string][] = [
    ['Applicant', view.applicantName],
    ['Email', view.applicantEmail],
    ...(view.businessName ? ([['Business', view.businessName]] as [string, string][]) : []),
    ['Type', view.type],
    ['Application ID', view.applicationId],
  ];
  return (
    <Card variant="outlined">
      <CardHeader
        title="Accredited investor letter"
        subheader={`Requested from ${view.evaluator.firstname} ${view.evaluator.lastname}`}
        slotProps={{ title: { component: 'h1', variant: 'h5' } }}
      />
      <CardContent>
        <Stack spacing={3}>
          <DefinitionList rows={rows} />
          <Stack spacing={1.5} component="section" aria-labelledby="evaluator-instructions">
            <Typography id="evaluator-instructions" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Instructions
            </Typography>
            <Typography variant="body2">
              {view.applicantName} asks you to confirm {view.businessName ? `that ${view.businessName} is` : 'that they are'} an accredited
              investor. Review the evidence, then upload a signed letter on your letterhead, as a PDF or an image, that states:
            </Typography>
            <Box
              component="blockquote"
              sx={{
                m: 0,
                p: 2,
                borderLeft: 4,
                borderColor: 'primary.main',
                bgcolor: 'action.hover',
                borderRadius: 1,
                overflowWrap: 'anywhere',
              }}
            >
              <Typography variant="body2">{view.letterWording}</Typography>
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              This link is for this application only and expires on {formatDate(view.expiresAt)}. It is not a sign-in and gives no access to
              an account.
            </Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
