import { Box, Chip, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EXAMPLE_IDS,
  WEBHOOK_HEADERS,
  WEBHOOK_RESPONSE_BODY_MAX,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookDeliveryStatusLabels,
  webhookEventType,
  type WebhookEvent,
  type WebhookEventType,
} from '@tessera/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CodeBlock } from '../../../components/code-block.tsx';
import { Section } from './docs-page.tsx';
import { SEND_SIGNED_CURL, VERIFY_NODE, VERIFY_OPENSSL, VERIFY_PYTHON } from './verification-snippets.ts';

const AUDIENCE: Record<(typeof WEBHOOK_EVENTS)[WebhookEventType]['audience'], string> = {
  tenant: "The organization's endpoints only.",
  'tenant-and-institution': "The organization's endpoints, and those of the institution it concerns.",
};

/** A whole delivery body for an event type, as the guide shows it. */
export function sampleEvent(type: WebhookEventType): WebhookEvent {
  return {
    id: 'evt_3f9a1c0d7e5b4a2f8c6d1e0b',
    type,
    createdAt: '2026-11-27T09:30:00.000Z',
    tenant: WEBHOOK_EXAMPLE_IDS.tenant,
    institution: WEBHOOK_EVENTS[type].audience === 'tenant' ? null : WEBHOOK_EXAMPLE_IDS.institution,
    data: WEBHOOK_EVENTS[type].sample,
  };
}

const UNITS = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
] as const;

/** 1800 → '30 minutes', 7200 → '2 hours'. */
export function inWords(seconds: number): string {
  const [size, unit] = UNITS.find(([s]) => seconds % s === 0 && seconds >= s) ?? UNITS[3];
  const n = seconds / size;
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const totalRetrySeconds = WEBHOOK_RETRY_SCHEDULE_SECONDS.reduce((a, b) => a + b, 0);
const attempts = WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1;

function Sub({ children }: { children: ReactNode }) {
  return (
    <Typography component="h3" variant="h6" sx={{ color: 'text.primary', pt: 2 }}>
      {children}
    </Typography>
  );
}

const HEADERS: [string, string][] = [
  [WEBHOOK_HEADERS.signature, 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the signing secret>'],
  [WEBHOOK_HEADERS.event, 'The event type, such as lead.created'],
  [WEBHOOK_HEADERS.delivery, 'The delivery id: it changes on a replay, while the event id in the body does not'],
  ['content-type', 'application/json'],
];

const BODY_FIELDS: [string, string][] = [
  ['id', 'The event id (evt_…): the same on every attempt and every replay, so a receiver can drop duplicates.'],
  ['type', 'The event type (below).'],
  ['createdAt', 'When the event happened (ISO 8601, UTC).'],
  ['tenant', 'The organization the event belongs to.'],
  ['institution', 'The institution it concerns, or null for events of the organization alone.'],
  ['data', 'What happened: its shape depends on the type (samples below).'],
];

function FieldTable({ label, head, rows }: { label: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{head[0]}</TableCell>
            <TableCell>{head[1]}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([name, meaning]) => (
            <TableRow key={name}>
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                <code>{name}</code>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{meaning}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** /docs/webhooks: registering an endpoint, what a delivery carries, verifying it, retries, replay and every event type. */
export function DocsWebhooks() {
  return (
    <Box sx={{ '& code': { overflowWrap: 'anywhere' } }}>
      <Section heading="Webhooks">
        <Typography>
          Webhooks tell your servers when something happens (a lead is created, a workflow completes, an offer is published…) without
          polling: each event is POSTed as JSON to the endpoints you registered for it, signed so that you can tell it came from us.
        </Typography>

        <Sub>Registering an endpoint</Sub>
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          <li>
            Open the settings&apos; <b>API</b> tab: the organization&apos;s owners under Settings → API, an institution&apos;s owners and
            editors in the institution&apos;s settings.
          </li>
          <li>
            Under <b>Webhooks</b>, choose <b>Add endpoint</b>, give the address that will receive the events (https:// in production), an
            optional description, and the events it subscribes to.
          </li>
          <li>
            Copy the signing secret (it starts with <code>{WEBHOOK_SECRET_PREFIX}</code>) when it is shown: it is shown once. Keep it on
            your server, next to your other secrets. <b>Rotate secret</b> makes a new one, also shown once, and the old one stops signing at
            once.
          </li>
          <li>
            <b>Send test event</b> posts a <code>webhook.test</code> event to the endpoint; <b>Deliveries</b> lists what was sent, with each
            attempt&apos;s answer.
          </li>
        </Box>
        <Typography>
          Endpoints can also be managed through the API (<code>/api/v1/tenant/{'{t}'}/webhooks</code> and{' '}
          <code>
            /api/v1/tenant/{'{t}'}/institutions/{'{id}'}/webhooks
          </code>
          , see the <Link href="/api/v1/docs">API reference</Link>), by a signed-in person: an API key cannot manage webhooks.
        </Typography>

        <Sub>Allowed addresses</Sub>
        <Typography>
          Deliveries go only to the address registered, and only to public addresses: an address on a private network, a link-local address
          or this machine (localhost, 127.0.0.1, 10.x, 192.168.x…) is refused when the endpoint is registered, and again when a delivery is
          sent after the name has been resolved, unless the platform&apos;s operator has allowed private targets in the server&apos;s
          configuration (for a test installation).
        </Typography>

        <Sub>What a delivery carries</Sub>
        <Typography>
          Each delivery is an HTTP POST whose body is one event, with these fields and headers. Answer with any 2xx status within{' '}
          {WEBHOOK_TIMEOUT_MS / 1000} seconds: anything else, a timeout or a refused connection counts as a failure. The first{' '}
          {WEBHOOK_RESPONSE_BODY_MAX} characters of your answer are kept with the delivery, for you to read in its details.
        </Typography>
        <FieldTable label="Delivery body fields" head={['Field', 'Meaning']} rows={BODY_FIELDS} />
        <FieldTable label="Delivery headers" head={['Header', 'Value']} rows={HEADERS} />
        <CodeBlock code={JSON.stringify(sampleEvent('lead.created'), null, 2)} label="Example delivery body" />

        <Sub>Verifying the signature</Sub>
        <Typography>
          The <code>{WEBHOOK_HEADERS.signature}</code> header holds the time the delivery was signed (<code>t</code>, unix seconds) and{' '}
          <code>v1</code>, the hexadecimal HMAC-SHA256 of the text <code>{'<t>.<body>'}</code> keyed with the endpoint&apos;s whole signing
          secret (<code>{WEBHOOK_SECRET_PREFIX}</code> included). To verify a delivery, compute the same HMAC over the body exactly as it
          arrived (before parsing it: re-serialised JSON differs), compare it with <code>v1</code> in constant time, and refuse a timestamp
          more than {inWords(WEBHOOK_TOLERANCE_SECONDS)} away from your clock, so that a recorded delivery cannot be replayed to you later.
        </Typography>
        <Typography component="h4" variant="subtitle1" sx={{ color: 'text.primary' }}>
          Node.js
        </Typography>
        <CodeBlock code={VERIFY_NODE} label="Verify in Node.js" testId="verify-node" />
        <Typography component="h4" variant="subtitle1" sx={{ color: 'text.primary' }}>
          Python
        </Typography>
        <CodeBlock code={VERIFY_PYTHON} label="Verify in Python" testId="verify-python" />
        <Typography component="h4" variant="subtitle1" sx={{ color: 'text.primary' }}>
          curl and openssl
        </Typography>
        <CodeBlock code={VERIFY_OPENSSL} label="Verify with openssl" testId="verify-openssl" />
        <CodeBlock code={SEND_SIGNED_CURL} label="Send a signed request with curl" testId="send-signed-curl" />

        <Sub>Retries</Sub>
        <Typography>
          A delivery that fails is tried again {WEBHOOK_RETRY_SCHEDULE_SECONDS.length} more times, waiting{' '}
          {WEBHOOK_RETRY_SCHEDULE_SECONDS.map(inWords).join(', then ')} between attempts: {attempts} attempts over about{' '}
          {inWords(Math.round(totalRetrySeconds / 3600) * 3600)}. Until it succeeds it reads <b>{webhookDeliveryStatusLabels.retrying}</b>;
          once answered with a 2xx it is <b>{webhookDeliveryStatusLabels.succeeded}</b>, and after the last attempt fails it is{' '}
          <b>{webhookDeliveryStatusLabels.failed}</b>. Deliveries are not guaranteed to arrive in the order the events happened: use{' '}
          <code>createdAt</code> to order them.
        </Typography>

        <Sub>Replays and duplicates</Sub>
        <Typography>
          Any delivery can be sent again from its details in the endpoint&apos;s <b>Deliveries</b> (<b>Replay</b>), once your receiver is
          fixed, for example. A replay is a new delivery (a new <code>{WEBHOOK_HEADERS.delivery}</code>) of the same event, with the same{' '}
          <code>id</code>. Since a retry or a replay may bring an event you already handled, make your receiver idempotent: record the event
          ids you processed and skip one you have seen.
        </Typography>

        <Sub>Event types</Sub>
        <Typography>
          An endpoint receives the event types it subscribed to, and <code>webhook.test</code> when asked. An institution&apos;s endpoints
          receive only the events that concern that institution.
        </Typography>
        <Stack spacing={2}>
          {webhookEventType.options.map((type) => (
            <EventType key={type} type={type} />
          ))}
        </Stack>
        <Typography>
          Keys for calling the API are described under{' '}
          <Link component={RouterLink} to="/docs/api-keys">
            API keys
          </Link>
          .
        </Typography>
      </Section>
    </Box>
  );
}

function EventType({ type }: { type: WebhookEventType }) {
  const info = WEBHOOK_EVENTS[type];
  return (
    <Paper variant="outlined" component="article" aria-labelledby={`event-${type}`} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`event-${type}`} component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
          <code>{type}</code>
        </Typography>
        <Chip size="small" label={info.label} />
      </Stack>
      <Typography sx={{ color: 'text.secondary' }}>{info.description}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', my: 1 }}>
        Sent to: {AUDIENCE[info.audience]}
      </Typography>
      <CodeBlock code={JSON.stringify(sampleEvent(type), null, 2)} label={`Sample ${type} event`} testId={`webhook-sample-${type}`} />
    </Paper>
  );
}
