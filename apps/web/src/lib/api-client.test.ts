import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '../test/fetch-mock.ts';
import { ACCOUNT_SECURITY_TEXTS } from '@tessera/domain';
import { api, ApiError, registerStepUpHandler } from './api-client.ts';
import { STORAGE_KEYS } from './storage.ts';

const item = z.object({ id: z.string() });

function respond(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('api client', () => {
  it('returns the checked data of a { data } response', async () => {
    respond(jsonResponse({ data: { id: 'x' } }));
    await expect(api.get('/thing', item)).resolves.toEqual({ id: 'x' });
  });

  it('throws an ApiError carrying type, name, message and status from the error envelope', async () => {
    respond(
      jsonResponse(
        { error: { type: 'unauthenticated', name: 'AuthenticationError', message: 'Invalid email or password', status: 401 } },
        401,
      ),
    );
    const error = await caught(api.post('/auth/signin', {}, item));
    expect(error).toMatchObject({
      type: 'unauthenticated',
      name: 'AuthenticationError',
      message: 'Invalid email or password',
      status: 401,
    });
  });

  it('raises an error object even on a 200 response', async () => {
    respond(jsonResponse({ error: { type: 'rate-limited', name: 'RateLimitError', message: 'Too many requests', status: 429 } }, 200));
    const error = await caught(api.get('/thing', item));
    expect(error).toMatchObject({ type: 'rate-limited', message: 'Too many requests', status: 429 });
  });

  it('falls back to the status text when the body is not an envelope', async () => {
    respond(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = await caught(api.get('/thing', item));
    expect(error).toMatchObject({ type: 'internal', message: 'Bad Gateway', status: 502 });
  });

  it('uses the client message for network failures, else "unknown network error"', async () => {
    respond(new TypeError('Failed to fetch'));
    expect(await caught(api.get('/thing', item))).toMatchObject({
      type: 'unavailable',
      name: 'NetworkError',
      message: 'Failed to fetch',
      status: 0,
    });

    respond(new TypeError(''));
    expect((await caught(api.get('/thing', item))).message).toBe('unknown network error');
  });

  it('rejects a response that does not match the schema', async () => {
    respond(jsonResponse({ data: { id: 42 } }));
    expect(await caught(api.get('/thing', item))).toMatchObject({ name: 'ResponseError', type: 'internal' });
  });

  it('sends the stored token as a bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: 'abc.def.ghi' }));
    const fetchMock = respond(jsonResponse({ data: { id: 'x' } }));
    await api.get('/thing', item);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc.def.ghi' });
  });
});

describe('step-up', () => {
  const stepUpRefusal = () =>
    jsonResponse(
      { error: { type: 'forbidden', name: 'ForbiddenError', message: ACCOUNT_SECURITY_TEXTS.stepUpRequired, status: 403 } },
      403,
    );

  /** Answers each call with the next response. */
  function respondInTurn(...responses: (() => Response)[]) {
    const fetchMock = vi.fn(async () => (responses.shift() ?? (() => jsonResponse({}, 500)))());
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('asks the registered handler and, once confirmed, sends the same call again', async () => {
    const handler = vi.fn(async () => true);
    const unregister = registerStepUpHandler(handler);
    const fetchMock = respondInTurn(stepUpRefusal, () => jsonResponse({ data: { id: 'saved' } }));
    await expect(api.put('/user/x/bank', { iban: 'DE89' }, item)).resolves.toEqual({ id: 'saved' });
    expect(handler).toHaveBeenCalledOnce();
    expect(handler.mock.calls[0]).toMatchObject([{ status: 403, message: ACCOUNT_SECURITY_TEXTS.stepUpRequired }]);
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url, init]) => [url, init.method, init.body])).toEqual([
      ['/api/v1/user/x/bank', 'PUT', '{"iban":"DE89"}'],
      ['/api/v1/user/x/bank', 'PUT', '{"iban":"DE89"}'],
    ]);
    unregister();
  });

  it('fails the call with the refusal when the person cancels, and retries only once', async () => {
    const unregister = registerStepUpHandler(async () => false);
    respondInTurn(stepUpRefusal);
    expect(await caught(api.post('/thing', {}, item))).toMatchObject({ status: 403, message: ACCOUNT_SECURITY_TEXTS.stepUpRequired });
    unregister();

    const again = registerStepUpHandler(async () => true);
    const fetchMock = respondInTurn(stepUpRefusal, stepUpRefusal);
    expect(await caught(api.post('/thing', {}, item))).toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    again();
  });

  it('asks once for calls refused together, and never for the step-up call itself or without a handler', async () => {
    let confirm: (ok: boolean) => void = () => {};
    const handler = vi.fn(() => new Promise<boolean>((resolve) => (confirm = resolve)));
    const unregister = registerStepUpHandler(handler);
    respondInTurn(
      stepUpRefusal,
      stepUpRefusal,
      () => jsonResponse({ data: { id: 'a' } }),
      () => jsonResponse({ data: { id: 'b' } }),
    );
    const both = Promise.all([api.post('/a', {}, item), api.post('/b', {}, item)]);
    await vi.waitFor(() => expect(handler).toHaveBeenCalledOnce());
    confirm(true);
    expect((await both).map((r) => r.id).sort()).toEqual(['a', 'b']);

    respondInTurn(stepUpRefusal);
    await caught(api.post('/auth/step-up', { method: 'totp', code: '1' }, item));
    expect(handler).toHaveBeenCalledOnce();
    unregister();

    respondInTurn(stepUpRefusal);
    expect(await caught(api.post('/thing', {}, item))).toMatchObject({ status: 403 });
  });
});
