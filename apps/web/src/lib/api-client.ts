import {
  ACCOUNT_SECURITY_REFUSALS,
  dataOf,
  errorCode,
  errorDisplayText,
  networkErrorText,
  SESSION_ENDING_REFUSALS,
  type ErrorBody,
  type ErrorCode,
} from '@tessera/domain';
import { z } from 'zod';
import { takeEarlyGet } from './early-gets.ts';
import { takePageAnswer } from './page-answers.ts';
import { readStoredToken } from './storage.ts';

export const API_BASE = '/api/v1';

/** The one client-side error: the server's `{ error: { type, name, message, status } }`, or its equivalent for network failures. */
export class ApiError extends Error {
  readonly type: ErrorCode;
  readonly status: number;

  constructor({ type, name, message, status }: ErrorBody) {
    super(message);
    this.name = name;
    this.type = type;
    this.status = status;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions<S extends z.ZodType> {
  method?: Method;
  body?: unknown;
  /** Checks the whole response body; a mismatch is an error, never silently passed on. */
  schema: S;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a flush while the page is being hidden or unloaded). */
  keepalive?: boolean;
}

type SessionRejectedListener = (error: ApiError) => void;
const sessionRejectedListeners = new Set<SessionRejectedListener>();

/**
 * Called when the server answers 401 to a call that carried the session's token: the session ended on the server
 * (password changed elsewhere, account removed, token expired early), so the app must stop acting signed in. Also
 * on a 403 that refuses the user everywhere in this tenant (account or membership suspended or expired since sign-in).
 */
export function onSessionRejected(listener: SessionRejectedListener): () => void {
  sessionRejectedListeners.add(listener);
  return () => sessionRejectedListeners.delete(listener);
}

/**
 * Asked when a call answers 403 'Confirm it is you' (a change that needs a fresh second factor or password): it asks the
 * person (the app's step-up dialog) and resolves true once they confirmed, false when they cancelled.
 */
export type StepUpHandler = (error: ApiError) => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;
/** One question at a time: calls refused together wait for the same answer. */
let pendingStepUp: Promise<boolean> | null = null;

/** Registers the one step-up handler (the app layout's); returns its removal. */
export function registerStepUpHandler(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

type MfaSetupRequiredListener = () => void;
const mfaSetupRequiredListeners = new Set<MfaSetupRequiredListener>();

/** Called when a call answers 403 because the tenant requires a second factor the person has not set up yet. */
export function onMfaSetupRequired(listener: MfaSetupRequiredListener): () => void {
  mfaSetupRequiredListeners.add(listener);
  return () => mfaSetupRequiredListeners.delete(listener);
}

/** A refusal that a fresh proof of identity lifts; the step-up calls themselves never ask again. */
function asksStepUp(error: ApiError, path: string): boolean {
  return error.status === 403 && error.message === ACCOUNT_SECURITY_REFUSALS.stepUpRequired && !path.startsWith('/auth/step-up');
}

function confirmIdentity(error: ApiError): Promise<boolean> {
  if (!stepUpHandler) return Promise.resolve(false);
  pendingStepUp ??= stepUpHandler(error).finally(() => {
    pendingStepUp = null;
  });
  return pendingStepUp;
}

/**
 * One call, checked against `schema`. A 403 'Confirm it is you' asks the registered step-up handler and, once the
 * person confirmed, sends the call again (once); cancelled, the call fails with that refusal, so the form shows it.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>> {
  try {
    return await sendRequest(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || !asksStepUp(error, path) || !(await confirmIdentity(error))) throw error;
    return sendRequest(path, options);
  }
}

async function sendRequest<S extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, signal, keepalive }: RequestOptions<S>,
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // FormData (uploads) sets its own multipart content type with the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = `${API_BASE}${path}`;
  // A GET the page already started with this token (lib/early-gets.ts) is answered by that response; one that failed
  // to arrive is asked again.
  const early = method === 'GET' ? takeEarlyGet(url, token) : undefined;
  const init: RequestInit = {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
    ...(keepalive ? { keepalive } : {}),
  };
  const response = early ? await early.catch(() => send(url, init)) : await send(url, init);
  const payload = await readBody(response);
  const error = errorFromPayload(payload, response);
  if (error) {
    if (token && endsSession(error) && !path.startsWith('/auth/signin')) for (const listener of sessionRejectedListeners) listener(error);
    if (token && error.status === 403 && error.message === ACCOUNT_SECURITY_REFUSALS.mfaSetupRequired)
      for (const listener of mfaSetupRequiredListeners) listener();
    throw error;
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      type: 'internal',
      name: 'ResponseError',
      message: 'The server sent an unexpected response',
      status: response.status,
    });
  }
  return parsed.data;
}

/** A refusal of the session itself, not of one call: a 401, or a 403 that suspends the user here. */
function endsSession(error: ApiError): boolean {
  return error.status === 401 || (error.status === 403 && SESSION_ENDING_REFUSALS.includes(error.message));
}

/** A `{ data }` response, checked against `schema` inside its envelope. */
async function requestData<S extends z.ZodType>(
  path: string,
  schema: S,
  options: Omit<RequestOptions<S>, 'schema'> = {},
): Promise<z.output<S>> {
  const body = await apiRequest(path, { ...options, schema: dataOf(schema) });
  // dataOf(schema) has just checked the body; TypeScript cannot see through the generic wrapper.
  return (body as { data: z.output<S> }).data;
}

/** The fetchers of single resources and actions. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) => requestData(path, schema, { signal }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options: { keepalive?: boolean } = {}) =>
    requestData(path, schema, { method: 'POST', body, ...options }),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S) => requestData(path, schema, { method: 'PUT', body }),
  /** A DELETE: the API answers 204 with no body (its one delete convention). */
  remove: async (path: string): Promise<void> => {
    await apiRequest(path, { method: 'DELETE', schema: z.null() });
  },
  /** A multipart upload (file fields and text fields in the FormData). */
  upload: <S extends z.ZodType>(path: string, form: FormData, schema: S, method: 'POST' | 'PUT' = 'POST') =>
    requestData(path, schema, { method, body: form }),
};

/** The page's own answer to GET `path` (lib/page-answers.ts) as `api.get` returns it: a query's initialData. */
export function pageData<S extends z.ZodType>(path: string, schema: S): z.output<S> | undefined {
  // dataOf(schema) checks the body; TypeScript cannot see through the generic wrapper (as in requestData).
  return (takePageAnswer(path, dataOf(schema)) as { data: z.output<S> } | undefined)?.data;
}

/** A file download as a Blob (with the bearer token), for documents the user may read. */
export async function apiDownload(path: string): Promise<Blob> {
  const token = readStoredToken();
  const response = await send(`${API_BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const error = errorFromPayload(await readBody(response), response);
    if (error) throw error;
  }
  return response.blob();
}

/** HEAD of any address (the tenant headers of §1); only the headers matter. */
export async function apiHead(url: string): Promise<Headers> {
  const response = await send(url, { method: 'HEAD' });
  const error = errorFromPayload(null, response);
  if (error) throw error;
  return response.headers;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = networkErrorText(null, error instanceof Error ? error.message : null);
    throw new ApiError({ type: 'unavailable', name: 'NetworkError', message, status: 0 });
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** §8: a body carrying an error object raises an error, whatever the status; so does any non-2xx response. */
function errorFromPayload(payload: unknown, response: Response): ApiError | null {
  const envelope = payload && typeof payload === 'object' && 'error' in payload ? (payload as { error: unknown }).error : undefined;
  if (envelope && typeof envelope === 'object') {
    const { type, name, message, status } = envelope as Partial<Record<keyof ErrorBody, unknown>>;
    const code = errorCode.safeParse(type);
    return new ApiError({
      type: code.success ? code.data : codeForStatus(response.status),
      name: typeof name === 'string' && name ? name : 'Error',
      message: networkErrorText(typeof message === 'string' ? message : null, response.statusText),
      status: typeof status === 'number' ? status : response.status,
    });
  }
  if (response.ok) return null;
  return new ApiError({
    type: codeForStatus(response.status),
    name: 'HttpError',
    message: networkErrorText(typeof payload === 'string' ? payload.slice(0, 200) : null, response.statusText),
    status: response.status,
  });
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload-too-large';
  if (status === 429) return 'rate-limited';
  if (status === 503) return 'unavailable';
  if (status >= 400 && status < 500) return 'bad-request';
  return 'internal';
}

/** The text to show for any thrown value: an ApiError already carries §8's network chain, anything empty gets the last resort. */
export function errorMessage(error: unknown): string {
  return errorDisplayText(error instanceof Error ? error.message : typeof error === 'string' ? error : null);
}
