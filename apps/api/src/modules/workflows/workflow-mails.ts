import { formatCurrency, type Workflow } from '@tessera/domain';
import { mailLayout } from '../../lib/mail/layout.ts';
import { listTeamEmails } from '../institutions/index.ts';
import type { WorkflowDeps } from './workflows.service.ts';

/** 001 §2 summary: a submitted subscription, told to the team of the offer's institution. */
export function subscriptionMail(workflow: Workflow, url: string) {
  const offer = workflow.offer?.name ?? workflow.name;
  const amount = workflow.amount === null ? 'an amount still to be set' : formatCurrency(workflow.amount, { decimals: 0 });
  return {
    subject: `New subscription: ${offer}`,
    ...mailLayout({
      title: `New subscription: ${offer}`,
      paragraphs: [
        `${workflow.ownerName} submitted a subscription to ${offer} for ${amount}.`,
        'The signed subscription agreement and the investor’s answers are on the investment’s page.',
      ],
      action: { label: 'Review the subscription', url },
    }),
  };
}

/** Mails every member of the institution's team, once the completion is committed. */
export async function mailSubscription(deps: WorkflowDeps, site: { origin: string }, tenantId: string, workflow: Workflow): Promise<void> {
  if (!workflow.institution) return;
  const emails = await listTeamEmails(deps.db, tenantId, workflow.institution._id, deps.clock.now());
  const mail = subscriptionMail(workflow, `${site.origin}/institution/investments/${workflow._id}`);
  for (const to of emails) await deps.mailer.send({ to, tenantId, ...mail });
}
