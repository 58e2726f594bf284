import {
  WEBHOOK_HEADERS,
  WEBHOOK_RESPONSE_BODY_MAX,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WEBHOOK_TIMEOUT_MS,
  webhookSignatureHeader,
  webhookSignedPayload,
  type WebhookAttempt,
  type WebhookDeliveryStatus,
} from '@tessera/domain';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import { resolveTarget, systemResolve, TargetRefused, type Resolve, type ResolvedAddress } from '../../lib/webhook-target.ts';
import * as repo from './webhooks.repository.ts';

export const WEBHOOK_USER_AGENT = 'Tessera-Webhooks/1';
/** Deliveries claimed per round; a round repeats while it finds a full batch. */
const BATCH = 20;

export interface DispatchDeps {
  db: Db;
  cipher: FieldCipher;
  clock: Clock;
  log: FastifyBaseLogger;
  allowPrivateTargets: boolean;
  /** DNS resolution of endpoint host names (tests pass their own). */
  resolve?: Resolve;
  timeoutMs?: number;
}

/** The dispatcher's dependencies from the app, with a test's replacements. */
export function dispatchDepsOf(app: FastifyInstance, overrides: Partial<DispatchDeps> = {}): DispatchDeps {
  return {
    db: app.db,
    cipher: app.cipher,
    clock: app.clock,
    log: app.log,
    allowPrivateTargets: app.config.webhooks.allowPrivateTargets,
    ...overrides,
  };
}

/** The signature header of a body sent at `timestamp` (unix seconds): HMAC-SHA256 of `${t}.${body}` with the secret, in hex. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return webhookSignatureHeader(timestamp, createHmac('sha256', secret).update(webhookSignedPayload(timestamp, body)).digest('hex'));
}

interface Answer {
  status: number;
  body: string;
}

/**
 * One POST to the checked address (a lookup that answers only it: DNS is not asked again between the check and the
 * connection). The host name stays in the URL, so the Host header, TLS server name and certificate check use it.
 * Redirects are not followed: a 3xx is an answer like any other, and not a success.
 */
function post(url: URL, target: ResolvedAddress, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Answer> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        timeout: timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          // Only the start of the answer is kept; the rest is read and dropped.
          if (kept < WEBHOOK_RESPONSE_BODY_MAX * 4) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_RESPONSE_BODY_MAX) }),
        );
        response.on('error', reject);
      },
    );
    // The whole exchange, answer included, within the timeout: a receiver that trickles its answer is cut off too.
    const deadline = setTimeout(() => {
      const error = new Error(`No answer within ${timeoutMs} ms`);
      request.destroy(error);
      reject(error);
    }, timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}

/** Why an attempt got no answer, for the delivery's record: never a secret (there is none in a network error). */
function describeError(error: unknown): string {
  if (error instanceof TargetRefused) return error.message;
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ECONNREFUSED') return 'Connection refused';
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN') return 'The host name could not be resolved';
  if (e?.code === 'ECONNRESET') return 'The connection was reset';
  return (e?.message ?? String(error)).slice(0, 200);
}

/** What happens after attempt number `attempts` (1 for the first): delivered, another try later, or given up. */
export function nextAfter(
  attempts: number,
  succeeded: boolean,
  now: Date,
): { status: WebhookDeliveryStatus; nextAttemptAt: Date | null; attemptCount: number } {
  if (succeeded) return { status: 'succeeded', nextAttemptAt: null, attemptCount: attempts };
  const wait = WEBHOOK_RETRY_SCHEDULE_SECONDS[attempts - 1];
  if (wait === undefined) return { status: 'failed', nextAttemptAt: null, attemptCount: attempts };
  return { status: 'retrying', nextAttemptAt: new Date(now.getTime() + wait * 1000), attemptCount: attempts };
}

async function deliver(deps: DispatchDeps, delivery: repo.ClaimedDelivery, now: Date): Promise<void> {
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(now.getTime() / 1000);
  const started = performance.now();
  let attempt: WebhookAttempt;
  try {
    const url = new URL(delivery.url);
    const target = await resolveTarget(url, deps.resolve ?? systemResolve, deps.allowPrivateTargets);
    const secret = deps.cipher.decrypt(delivery.secretEncrypted);
    const answer = await post(
      url,
      target,
      {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
        [WEBHOOK_HEADERS.event]: delivery.eventType,
        [WEBHOOK_HEADERS.delivery]: delivery.id,
      },
      body,
      timeoutMs,
    );
    attempt = {
      at: now.toISOString(),
      responseStatus: answer.status,
      responseBody: answer.body,
      durationMs: Math.round(performance.now() - started),
      error: answer.status >= 300 && answer.status < 400 ? 'Redirects are not followed' : null,
    };
  } catch (error) {
    attempt = {
      at: now.toISOString(),
      responseStatus: null,
      responseBody: null,
      durationMs: Math.round(performance.now() - started),
      error: describeError(error),
    };
  }
  const ok = attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
  const next = nextAfter(delivery.attemptCount + 1, ok, now);
  await repo.recordAttemptUnscoped(deps.db, delivery, attempt, next, now);
  deps.log.info(
    { webhookDelivery: delivery.id, tenant: delivery.tenantId, status: next.status, responseStatus: attempt.responseStatus },
    'webhook delivery attempted',
  );
}

/**
 * Sends every delivery due at `now` (tests pass the test clock's time), in batches, the batch's deliveries side by
 * side; returns how many were attempted. Each attempt is recorded whatever happens to it.
 */
export async function dispatchDueWebhooks(deps: DispatchDeps, now: Date = deps.clock.now()): Promise<number> {
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  let sent = 0;
  for (;;) {
    // The lease outlasts a send (DNS, connection and answer within the timeout) with room to record it.
    const claimed = await repo.claimDueDeliveriesUnscoped(deps.db, now, timeoutMs * 2 + 5_000, BATCH);
    await Promise.all(claimed.map((d) => deliver(deps, d, now)));
    sent += claimed.length;
    if (claimed.length < BATCH) return sent;
  }
}

/**
 * The background dispatcher: every WEBHOOK_DISPATCH_INTERVAL_MS once the app is ready (none when 0), one round at a
 * time, stopped when the app closes (the round under way is awaited). A failing round is logged and the next one runs.
 */
export function registerWebhookDispatcher(app: FastifyInstance, intervalMs: number): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = dispatchDueWebhooks(dispatchDepsOf(app))
        .then(
          () => {},
          (error: unknown) => app.log.error({ err: error }, 'webhook dispatch failed'),
        )
        .finally(() => {
          running = null;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule());
  app.addHook('preClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
