import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { closeWorkerPool, configureWorkerPool, runInWorker, WORKER_TEXTS, workerPoolLoad } from './worker-pool.ts';

/**
 * The worker pool (issue #21, finding 4): a task past its time limit ends its thread, which is replaced; an AppError
 * thrown in a thread arrives as that error; a user's and a tenant's tasks are limited (429 with Retry-After); the
 * queue is bounded (503 with Retry-After).
 */
const TASKS = new URL('./worker-pool.test-helpers.ts', import.meta.url);
const spin = (ms: number, task = {}) => runInWorker<number>(TASKS, 'spin', [ms], task);
/** A fresh thread loads the helpers' module first, which a busy machine can stretch past a short limit. */
const LOADING = { timeoutMs: 60_000 };
const threadId = () => runInWorker<number>(TASKS, 'threadId', [], LOADING);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

afterEach(async () => {
  await closeWorkerPool();
  configureWorkerPool({});
});
afterAll(closeWorkerPool);

describe('the worker pool', () => {
  it('ends a task past its time limit with 422, replaces its thread and serves the next task', async () => {
    configureWorkerPool({ size: 1, taskTimeoutMs: 300 });
    const before = await threadId();
    const started = performance.now();
    const error = await refusal(spin(60_000));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(error.toBody()).toEqual({
      type: 'unprocessable',
      name: 'UnprocessableContentError',
      message: WORKER_TEXTS.timedOut,
      status: 422,
    });
    const after = await threadId();
    expect(after).not.toBe(before);
    expect(await spin(10)).toBeGreaterThanOrEqual(10);
    expect(workerPoolLoad()).toEqual({ threads: 1, running: 0, queued: 0 });
  });

  it('gives a task its own time limit when it asks for one, and counts only its own running time', async () => {
    configureWorkerPool({ size: 1, taskTimeoutMs: 60_000 });
    const first = spin(400);
    // Queued behind the first for ~400 ms, then allowed 300 ms of its own: it finishes.
    const second = spin(100, { timeoutMs: 300 });
    expect(await first).toBeGreaterThanOrEqual(400);
    expect(await second).toBeGreaterThanOrEqual(100);
    expect((await refusal(spin(5_000, { timeoutMs: 200 }))).status).toBe(422);
  });

  it('passes an AppError thrown in a thread on as that error', async () => {
    const error = await refusal(runInWorker(TASKS, 'refuse', ['The file is damaged']));
    expect(error.toBody()).toMatchObject({ type: 'bad-request', message: 'The file is damaged', status: 400 });
  });

  it('refuses a third task of one user and a fifth of one tenant with 429 and Retry-After, and frees the places after', async () => {
    configureWorkerPool({ size: 2, perUser: 2, perTenant: 4 });
    const alice = { tenantId: 't1', userId: 'alice' };
    const running = [spin(800, { owner: alice }), spin(800, { owner: alice })];
    const third = await refusal(spin(10, { owner: alice }));
    expect(third.toBody()).toMatchObject({ type: 'rate-limited', status: 429, message: WORKER_TEXTS.perUser });
    expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    running.push(spin(800, { owner: { tenantId: 't1', userId: 'bob' } }), spin(800, { owner: { tenantId: 't1', userId: 'carol' } }));
    const fifth = await refusal(spin(10, { owner: { tenantId: 't1', userId: 'dave' } }));
    expect(fifth.toBody()).toMatchObject({ type: 'rate-limited', status: 429, message: WORKER_TEXTS.perTenant });
    // Another tenant is not held back by this one's share.
    expect(await spin(10, { owner: { tenantId: 't2', userId: 'erin' } })).toBeGreaterThanOrEqual(10);
    await Promise.all(running);
    expect(await spin(10, { owner: alice })).toBeGreaterThanOrEqual(10);
  });

  it('frees a place when its task fails or times out', async () => {
    configureWorkerPool({ size: 1, perUser: 1, taskTimeoutMs: 200 });
    const alice = { tenantId: 't1', userId: 'alice' };
    expect((await refusal(spin(5_000, { owner: alice }))).status).toBe(422);
    expect((await refusal(runInWorker(TASKS, 'refuse', ['no'], { owner: alice, ...LOADING }))).status).toBe(400);
    expect(await spin(10, { owner: alice })).toBeGreaterThanOrEqual(10);
  });

  it("lets a tenant's task go before another tenant's waiting files", async () => {
    configureWorkerPool({ size: 1 });
    await spin(1);
    const done: string[] = [];
    const run = (name: string, tenantId: string) =>
      spin(50, { owner: { tenantId, userId: name } }).then(() => {
        done.push(name);
      });
    await Promise.all([run('a1', 'a'), run('a2', 'a'), run('a3', 'a'), run('b1', 'b')]);
    expect(done).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('answers 503 with Retry-After once its queue is full', async () => {
    configureWorkerPool({ size: 1, maxQueued: 2 });
    await spin(1);
    // One running on the started thread, two waiting.
    const admitted = [spin(500), spin(10), spin(10)];
    expect(workerPoolLoad()).toEqual({ threads: 1, running: 1, queued: 2 });
    const busy = await refusal(spin(10));
    expect(busy.toBody()).toMatchObject({ type: 'unavailable', status: 503, message: WORKER_TEXTS.busy });
    expect(busy.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await Promise.all(admitted);
  });
});
