import { Box, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BUILTIN_TEST_CARDS, TRIAL_ENDED_MESSAGE, planLimitMessage } from '@tessera/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useIsTenantOwner } from '../../../lib/session/use-is-tenant-owner.ts';
import { groupEndpoints, MethodChip, useOpenApi, type EndpointGroup, type HttpMethod } from '../../api-docs/index.ts';

/** Served by the API, outside the web app: a plain link. Swagger UI deep-links an operation as #/<tag>/<operationId>. */
const API_REFERENCE = '/api/v1/docs';
const INSTITUTION = '/tenant/{t}/institutions/{id}/billing';

interface Operation {
  method: HttpMethod;
  path: string;
  what: string;
}

/** The billing calls, as the API's route table has them (paths relative to /api/v1). */
const OPERATIONS: readonly Operation[] = [
  { method: 'get', path: `${INSTITUTION}/pricing`, what: 'The plans with prices, limits and features, the trial length and the provider' },
  { method: 'get', path: `${INSTITUTION}/plan`, what: 'The plan, interval, status, period, limits and usage' },
  { method: 'get', path: `${INSTITUTION}/plan/proration`, what: 'What a change of plan would invoice now (?plan=&interval=)' },
  { method: 'put', path: `${INSTITUTION}/plan`, what: 'Change plan and interval; answers the plan and the invoice issued' },
  { method: 'get', path: `${INSTITUTION}/profile`, what: 'The billing profile' },
  { method: 'put', path: INSTITUTION, what: 'Replace the billing profile' },
  { method: 'post', path: `${INSTITUTION}/profile/sync`, what: "Send the profile to Stripe's customer record" },
  { method: 'get', path: `${INSTITUTION}/invoices`, what: 'The invoices, newest first (page, limit, status)' },
  { method: 'get', path: `${INSTITUTION}/invoices/{invoiceId}`, what: 'One invoice with its lines' },
  { method: 'get', path: `${INSTITUTION}/invoices/{invoiceId}/pdf`, what: "The invoice's PDF" },
  { method: 'post', path: `${INSTITUTION}/invoices/{invoiceId}/mark-paid`, what: 'Record a bank transfer (tenant owners)' },
  { method: 'get', path: `${INSTITUTION}/payment-methods`, what: 'The cards on file' },
  { method: 'post', path: `${INSTITUTION}/payment-methods`, what: "Add a card by the provider's token" },
  { method: 'put', path: `${INSTITUTION}/payment-methods/{paymentMethodId}`, what: 'Change the name on a card or its expiry' },
  { method: 'put', path: `${INSTITUTION}/payment-methods/{paymentMethodId}/primary`, what: 'Make a card the primary one' },
  { method: 'delete', path: `${INSTITUTION}/payment-methods/{paymentMethodId}`, what: 'Remove a card' },
  { method: 'post', path: `${INSTITUTION}/payment-methods/setup-intent`, what: "A Stripe SetupIntent's client secret" },
  { method: 'post', path: '/payments/builtin/tokens', what: "The built-in provider's card vault: a card for a token" },
];

/** Path parameters are named differently from one document to another: `{t}` and `{tenantId}` match. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

interface OperationLinks {
  reference: string;
  /** The signed-in reference of /tenant/docs, for the tenant's owners. */
  tenantDocs: string | null;
}

function linksOf(groups: EndpointGroup[], op: Operation): OperationLinks {
  for (const group of groups) {
    const endpoint = group.endpoints.find((e) => e.method === op.method && shape(e.path) === shape(op.path));
    if (!endpoint) continue;
    const tag = endpoint.operation.tags?.[0];
    const id = endpoint.operation.operationId;
    return {
      reference: tag && id ? `${API_REFERENCE}#/${encodeURIComponent(tag)}/${encodeURIComponent(id)}` : API_REFERENCE,
      tenantDocs: `/tenant/docs/api/${group.id}/${endpoint.id}`,
    };
  }
  return { reference: API_REFERENCE, tenantDocs: null };
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography component="h3" variant="h6" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function OperationTable() {
  const doc = useOpenApi();
  const owner = useIsTenantOwner();
  const groups = doc.data ? groupEndpoints(doc.data) : [];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Billing API operations">
        <TableHead>
          <TableRow>
            <TableCell>Call</TableCell>
            <TableCell>What it does</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {OPERATIONS.map((op) => {
            const links = linksOf(groups, op);
            return (
              <TableRow key={`${op.method} ${op.path}`}>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <MethodChip method={op.method} />
                    <Link href={links.reference} sx={{ fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-all' }}>
                      {op.path}
                    </Link>
                  </Stack>
                </TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  {op.what}
                  {owner && links.tenantDocs && (
                    <>
                      {' '}
                      (
                      <Link component={RouterLink} to={links.tenantDocs}>
                        with this tenant's examples
                      </Link>
                      )
                    </>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/** /docs/billing: plans, the trial, proration, invoices, payment methods and the billing API, for integrators and institution admins. */
export function DocsBilling() {
  return (
    <Box component="section">
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        Billing
      </Typography>
      <Stack spacing={3} sx={{ color: 'text.secondary', lineHeight: 1.7 }}>
        <Typography>
          Institutions pay for the platform; investors are never charged for using it. Each institution has its own plan, invoices, payment
          methods and billing profile, managed by the owners of its team and by the tenant's owners in <strong>Settings → Billing</strong>{' '}
          (in the tenant's admin area: Marketplace → Institutions → the institution → Billing). The institution's editors can look but not
          change anything.
        </Typography>

        <Part title="Plans">
          <Typography>
            There are three plans. <strong>Trial</strong> is where every institution starts, free, for a set number of days.{' '}
            <strong>Core</strong> is for a sponsor raising on several offers; <strong>Pro</strong> raises or lifts the limits. Each plan
            limits how many offers the institution has and how many seats its team has, and is billed monthly or yearly. The prices, limits
            and features are set by the platform's configuration, so the live figures are on the Billing tab (and from{' '}
            <code>GET …/billing/pricing</code>), not here.
          </Typography>
          <Typography>
            A limit reached answers the call that would pass it (creating an offer, inviting a team member) with 403 and a message that
            names the limit and the way up, such as "{planLimitMessage('Trial', 'offers', 3)}" The screens show that message with a "View
            plans" link to the Billing tab.
          </Typography>
        </Part>

        <Part title="The trial">
          <Typography>
            The Billing tab shows when the trial ends. Choosing Core or Pro before then ends the trial at once. If it runs out with no plan
            chosen, the subscription shows "Trial ended" and calls that a plan limits (creating an offer, inviting a team member) are
            refused with "{TRIAL_ENDED_MESSAGE}"
          </Typography>
        </Part>

        <Part title="Changing plan and proration">
          <Typography>
            A change of plan or of billing interval takes effect at once. Before confirming, the Billing tab shows what it will invoice (
            <code>GET …/billing/plan/proration?plan=&amp;interval=</code>): a credit for the unused time of the current plan, a charge for
            the new plan from now to the end of the period, and the total due now. A move down can leave credit instead of a charge; the
            credit balance is shown on the current plan and taken off the next invoices.
          </Typography>
        </Part>

        <Part title="Invoices">
          <Typography>
            Every invoice has a number, sequential per organization and year (<code>INV-2026-00001</code>), the period it covers, its lines
            (plan periods, proration credits and charges, credit applied), its total, the amount paid and due, and a status: open, paid,
            void or uncollectible. Each has a PDF, downloaded from the invoice's details or with{' '}
            <code>GET …/invoices/{'{invoiceId}'}/pdf</code> and the same bearer token or key as any other call.
          </Typography>
          <Typography>
            An invoice is charged to the institution's primary card. With the platform's built-in provider an invoice can also be paid by
            bank transfer: it then shows a payment reference to quote with the transfer, and one of the tenant's owners marks it as paid
            once the money has arrived (Mark as paid on the invoice, or <code>POST …/invoices/{'{invoiceId}'}/mark-paid</code>
            ). Only open invoices can be marked as paid.
          </Typography>
        </Part>

        <Part title="Payment methods">
          <Typography>
            Card details go only to the payment provider, never to this platform: the browser sends the card to the provider (Stripe, or the
            built-in provider's vault at <code>POST /payments/builtin/tokens</code>), gets a token back, and the platform keeps that token
            with the card's brand, last four digits and expiry. The card number and the security code are never stored or logged. Adding or
            removing a card asks you to confirm it is you (your second factor or password) first.
          </Typography>
          <Typography>
            One card is always the primary one, charged for invoices. The first card added becomes primary; another can be made primary at
            any time. The primary card cannot be deleted while other cards remain: make another one primary first. The name on a card and
            its expiry can be edited without entering the card again.
          </Typography>
          <Typography>
            The built-in provider, for development and for platforms without Stripe, accepts Stripe's test numbers:{' '}
            <code>4242 4242 4242 4242</code> is charged successfully and <code>4000 0000 0000 0002</code> is declined on every charge, so a
            declined payment can be tried offline (any future expiry, any three-digit CVC). In the API these are{' '}
            <code>{BUILTIN_TEST_CARDS.succeeds}</code> and <code>{BUILTIN_TEST_CARDS.declined}</code>.
          </Typography>
        </Part>

        <Part title="The billing API">
          <Typography>
            Everything on the Billing tab is a call of the REST API, under <code>/api/v1</code>, where <code>{'{t}'}</code> is the tenant
            and <code>{'{id}'}</code> the institution. Reading billing needs a person on the institution's team as owner or editor, or an
            owner of the tenant; changes need a team owner or a tenant owner. Money is always an integer number of cents of the pricing's
            currency. Each call links to its entry in the <Link href={API_REFERENCE}>API reference</Link>.
          </Typography>
          <OperationTable />
          <Typography>
            With Stripe, the platform also receives Stripe's events at <code>POST /billing/stripe/webhook</code>, each checked against its{' '}
            <code>Stripe-Signature</code>; the Stripe dashboard needs that address and the platform the endpoint's signing secret.
          </Typography>
        </Part>
      </Stack>
    </Box>
  );
}
