import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADVISOR_LIMITS, ADVISOR_TEXTS } from '@tessera/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groundingFixture, offerFixture } from '../../../test/advisor-grounding.ts';
import { ConfigError, loadConfig } from '../../config/index.ts';
import type { AdvisorGrounding } from './model.ts';
import { createAdvisorModel } from './models.ts';
import { AdvisorModelError, createOpenAiModel, neutraliseLinks } from './openai-model.ts';
import { buildPromptMessages } from './prompt.ts';

// A local HTTP server stands in for an OpenAI-compatible endpoint and speaks its streaming protocol
// (POST /v1/chat/completions with stream: true → text/event-stream of chat.completion.chunk events, then [DONE]).

const API_KEY = 'sk-test-Tessera0123456789abcdefXYZ';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: { model?: string; stream?: boolean; temperature?: number; messages?: unknown };
}
type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

let server: Server;
let origin = '';
let requests: Recorded[] = [];
let handler: Handler = (_req, res) => {
  res.end();
};
/** Resolves when the client closes the connection of the latest request. */
let closed: Promise<void> = Promise.resolve();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: JSON.parse(body || '{}') });
      closed = new Promise((resolve) => res.on('close', () => resolve()));
      void handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests = [];
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One server-sent event of a streamed chat completion. */
const chunkEvent = (choice: object, eol = '\n') =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test', choices: [{ index: 0, ...choice }] })}${eol}${eol}`;

/** The events for these pieces of text, as OpenAI sends them: a role first, a finish reason last, then [DONE]. */
function completionEvents(pieces: string[], eol = '\n'): string {
  return [
    `: keep-alive${eol}${eol}`,
    chunkEvent({ delta: { role: 'assistant', content: '' }, finish_reason: null }, eol),
    ...pieces.map((content, i) => (i === 2 ? `: ping${eol}${eol}` : '') + chunkEvent({ delta: { content }, finish_reason: null }, eol)),
    chunkEvent({ delta: {}, finish_reason: 'stop' }, eol),
    `data: [DONE]${eol}${eol}`,
  ].join('');
}

/** Writes `payload` in awkward slices (mid-line, mid-JSON, mid-character), pausing between writes. */
async function streamAwkwardly(res: ServerResponse, payload: string, sliceBytes = 7, end = true) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  const bytes = Buffer.from(payload, 'utf8');
  for (let at = 0; at < bytes.length; at += sliceBytes) {
    if (res.destroyed) return;
    res.write(bytes.subarray(at, at + sliceBytes));
    await pause(1);
  }
  if (end) res.end();
}

const HARBOR = offerFixture();
const BAY = offerFixture({
  id: '6745a1c2e4b0a1b2c3d4e5d2',
  slug: 'bay-tower',
  name: 'Bay Tower',
  path: '/marketplace/offers/bay-tower',
  targetIrr: 17,
});
const grounding = (overrides: Partial<AdvisorGrounding> = {}) =>
  groundingFixture({
    offers: [HARBOR, BAY],
    matched: 2,
    history: [
      { sender: 'user', message: 'Hi' },
      { sender: 'advisor', message: 'Hello! Ask me about the offers.' },
    ],
    ...overrides,
  });

const ANSWER_PIECES = [
  'Two open offers have a target IRR above 15%: ',
  '[Harbor Point Apartments](/marketplace/offers/harbor-point-apartments) (16.5%) and ',
  '[Bay Tower](/marketplace/offers/bay-',
  'tower/) (17%). More at [our partner](https://evil.example',
  '/phish) ![tracker](https://evil.example/t.png) or https://evil.example/x, ',
  'and [Secret Fund](/marketplace/offers/secret-fund). ',
  'Returns are not guaranteed – targets are estimates €.',
];
const EXPECTED_TEXT =
  'Two open offers have a target IRR above 15%: [Harbor Point Apartments](/marketplace/offers/harbor-point-apartments) (16.5%) and ' +
  '[Bay Tower](/marketplace/offers/bay-tower) (17%). More at our partner tracker or `https://evil.example/x`, ' +
  'and Secret Fund. Returns are not guaranteed – targets are estimates €.';

async function ask(model = createOpenAiModel({ baseUrl: `${origin}/v1/`, model: 'gpt-test', apiKey: API_KEY }), signal?: AbortSignal) {
  const seen: string[] = [];
  const answer = await model.answer(grounding(), { signal: signal ?? new AbortController().signal, onText: (text) => seen.push(text) });
  return { answer, seen };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('the OpenAI-compatible advisor model', () => {
  it('streams the answer, citing the grounding offers it linked and neutralising every other link', async () => {
    handler = (_req, res) => streamAwkwardly(res, completionEvents(ANSWER_PIECES));
    const model = createOpenAiModel({ baseUrl: `${origin}/v1/`, model: 'gpt-test', apiKey: API_KEY });
    expect(model.name).toBe('gpt-test');
    const { answer, seen } = await ask(model);

    expect(requests).toHaveLength(1);
    const [request] = requests as [Recorded];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toMatchObject({ model: 'gpt-test', stream: true });
    expect(request.body.temperature).toBeLessThanOrEqual(0.3);
    expect(request.body.messages).toEqual(buildPromptMessages(grounding()));

    expect(answer.text).toBe(EXPECTED_TEXT);
    expect(answer.citedOfferIds).toEqual([HARBOR.id, BAY.id]);
    expect(answer.prompts.map((p) => p.id)).toEqual(['compare', 'explain-terms']);

    // The text grows as it streams, each call the whole text so far, and no foreign link is ever shown.
    // (at most every 40 ms, and a link still being written is held back until it is complete)
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.at(-1)).toBe(EXPECTED_TEXT);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.length).toBeGreaterThanOrEqual(seen[i - 1]!.length);
    for (const text of seen) {
      expect(text).not.toMatch(/\]\((?!\/marketplace\/offers\/(harbor-point-apartments|bay-tower)\))/);
      expect(text).not.toContain('�');
    }
    expect(seen.some((text) => text.startsWith('Two open offers') && !text.includes('Bay Tower'))).toBe(true);
  });

  it('reads \\r\\n line ends split between chunks, sends no key when none is set, and answers from a server that ignores streaming', async () => {
    handler = (_req, res) =>
      streamAwkwardly(res, completionEvents(['Hello ', 'there', ', see [Bay Tower](/marketplace/offers/bay-tower).'], '\r\n'), 5);
    const keyless = createOpenAiModel({ baseUrl: `${origin}/v1`, model: 'llama-local' });
    const streamed = await ask(keyless);
    expect(requests[0]!.headers.authorization).toBeUndefined();
    expect(requests[0]!.path).toBe('/v1/chat/completions');
    expect(streamed.answer.text).toBe('Hello there, see [Bay Tower](/marketplace/offers/bay-tower).');
    expect(streamed.answer.citedOfferIds).toEqual([BAY.id]);
    expect(streamed.answer.prompts.map((p) => p.id)).toEqual(['open-offers', 'explain-terms']);

    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'All at once.' }, finish_reason: 'stop' }] }));
    };
    const whole = await ask(keyless);
    expect(whole.answer.text).toBe('All at once.');
    expect(whole.seen).toEqual(['All at once.']);
  });

  it('drops the temperature for a model that refuses one, and remembers it', async () => {
    handler = (_req, res) => {
      if (requests.at(-1)!.body.temperature !== undefined) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: {
              message: "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.",
              type: 'invalid_request_error',
              param: 'temperature',
              code: 'unsupported_value',
            },
          }),
        );
        return;
      }
      void streamAwkwardly(res, completionEvents(['Reasoned.']), 64);
    };
    const model = createOpenAiModel({ baseUrl: `${origin}/v1`, model: 'o3-mini', apiKey: API_KEY });
    expect((await ask(model)).answer.text).toBe('Reasoned.');
    expect(requests.map((r) => r.body.temperature)).toEqual([0.2, undefined]);
    expect((await ask(model)).answer.text).toBe('Reasoned.');
    expect(requests).toHaveLength(3);
    expect(requests[2]!.body).not.toHaveProperty('temperature');
  });

  it("says it doesn't know when the model sends nothing", async () => {
    handler = (_req, res) => streamAwkwardly(res, completionEvents([]));
    const { answer, seen } = await ask();
    expect(answer).toMatchObject({ text: ADVISOR_TEXTS.unknown, citedOfferIds: [] });
    expect(seen).toEqual([ADVISOR_TEXTS.unknown]);
  });

  it('cuts the answer at the length limit and hangs up on a stream that goes on', async () => {
    const piece = 'word '.repeat(100);
    handler = (_req, res) =>
      streamAwkwardly(res, completionEvents(Array.from({ length: 30 }, () => piece)).replace('data: [DONE]', ''), 4096, false);
    const { answer } = await ask();
    expect(answer.text).toHaveLength(ADVISOR_LIMITS.answerMax - 1); // the cut falls after a space, trimmed
    await closed;
  });

  it('rejects with the abort reason when the signal aborts mid-stream, and closes the connection', async () => {
    handler = async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`: keep-alive\n\n${chunkEvent({ delta: { content: 'The first words ' } })}`);
      // …and nothing more: the model is thinking.
    };
    const controller = new AbortController();
    const seen: string[] = [];
    const model = createOpenAiModel({ baseUrl: `${origin}/v1`, model: 'gpt-test', apiKey: API_KEY });
    const pending = model.answer(grounding(), {
      signal: controller.signal,
      onText: (text) => {
        seen.push(text);
        controller.abort(new Error('advisor time limit'));
      },
    });
    const error = await failure(pending);
    expect(error.message).toBe('advisor time limit');
    expect(seen).toEqual(['The first words ']);
    await closed;

    const already = new AbortController();
    already.abort(new Error('gone'));
    expect((await failure(ask(undefined, already.signal))).message).toBe('gone');

    const timeout = await failure(ask(undefined, AbortSignal.timeout(50)));
    expect(timeout.name).toBe('TimeoutError');
  });

  it('turns provider errors into safe errors that never carry the key or the provider text', async () => {
    const model = createOpenAiModel({ baseUrl: `${origin}/v1`, model: 'gpt-test', apiKey: API_KEY });
    const cases: [number, string, string, RegExp][] = [
      [
        401,
        'application/json',
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${API_KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key',
          },
        }),
        /^The advisor model answered 401 \(invalid_api_key\)$/,
      ],
      [
        429,
        'application/json',
        JSON.stringify({ error: { message: 'Slow down', type: 'requests', code: 'rate_limit_exceeded' } }),
        /answered 429 \(rate_limit_exceeded\)$/,
      ],
      [500, 'text/html', `<html><body>Internal error for ${API_KEY}</body></html>`, /^The advisor model answered 500$/],
      [503, 'application/json', JSON.stringify({ error: { message: 'overloaded', code: API_KEY } }), /^The advisor model answered 503$/],
    ];
    for (const [status, type, body, message] of cases) {
      handler = (_req, res) => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      const error = await failure(ask(model));
      expect(error).toBeInstanceOf(AdvisorModelError);
      expect(error.message).toMatch(message);
      expect((error as AdvisorModelError).providerStatus).toBe(status);
      expect((error as AdvisorModelError).code).toBe('unavailable');
      expect(JSON.stringify({ message: error.message, stack: error.stack, cause: String(error.cause) })).not.toContain(API_KEY);
      expect(error.message).not.toContain('sk-');
    }

    // An error event in the middle of the stream.
    handler = (_req, res) =>
      streamAwkwardly(
        res,
        `${chunkEvent({ delta: { content: 'Partial ' } })}data: ${JSON.stringify({ error: { message: `boom ${API_KEY}`, code: 'server_error' } })}\n\n`,
      );
    const midway = await failure(ask(model));
    expect(midway.message).toBe('The advisor model failed mid-answer (server_error)');
    expect(midway.message).not.toContain(API_KEY);

    // A stream that never ends a line (or sends what is not JSON) is refused, not buffered for ever.
    handler = (_req, res) => streamAwkwardly(res, `data: ${'x'.repeat(1_200_000)}`, 256 * 1024, false);
    expect((await failure(ask(model))).message).toBe('The advisor model sent a malformed stream');
    await closed;
    handler = (_req, res) => streamAwkwardly(res, 'data: {"choices": [\n\n');
    expect((await failure(ask(model))).message).toBe('The advisor model sent a malformed stream');

    // Nobody listening.
    const unreachable = createOpenAiModel({ baseUrl: 'http://127.0.0.1:9/v1', model: 'gpt-test', apiKey: API_KEY });
    const refused = await failure(ask(unreachable));
    expect(refused).toBeInstanceOf(AdvisorModelError);
    expect(refused.message).toBe('The advisor model could not be reached');
    expect(String(refused.cause)).not.toContain(API_KEY);
  });
});

describe('links in an answer', () => {
  const offers = [HARBOR, BAY];
  it('keeps only links to the grounding offers, rewritten to their exact paths', () => {
    const { text, citedOfferIds } = neutraliseLinks(
      [
        '[Bay](https://evil.example/marketplace/offers/bay-tower) [Harbor](/marketplace/offers/harbor-point-apartments "Harbor") [Bay again](/marketplace/offers/bay-tower)',
        '[x](javascript:alert(1)) [ref link][1] <https://evil.example/a> <a href="https://evil.example">anchor</a> mail me@evil.example',
        '[1]: https://evil.example/ref',
        '`[code](https://kept.as.code)` and www.evil.example',
      ].join('\n'),
      offers,
    );
    expect(text).toBe(
      [
        '[Bay](/marketplace/offers/bay-tower) [Harbor](/marketplace/offers/harbor-point-apartments) [Bay again](/marketplace/offers/bay-tower)',
        'x) ref link `https://evil.example/a` anchor mail `me@evil.example`',
        '`[code](https://kept.as.code)` and `www.evil.example`',
      ].join('\n'),
    );
    expect(citedOfferIds).toEqual([BAY.id, HARBOR.id]);
  });
  it('leaves nothing clickable that is not an offer page, however long or however nested', () => {
    const label = 'x'.repeat(400);
    const { text, citedOfferIds } = neutraliseLinks(
      `[${label}](https://evil.example/a) [[inner](/nowhere)](https://evil.example/b) [ok](/marketplace/offers/harbor-point-apartments)`,
      offers,
    );
    expect(text).not.toMatch(/\]\((?!\/marketplace\/offers\/harbor-point-apartments\))/);
    expect(text).not.toMatch(/(^|[^`])https:\/\/evil/);
    expect(text.endsWith('[ok](/marketplace/offers/harbor-point-apartments)')).toBe(true);
    expect(citedOfferIds).toEqual([HARBOR.id]);
    // A hostile answer costs little: every pattern that rescans is bounded.
    const started = performance.now();
    for (const hostile of ['['.repeat(8000), '[a]('.repeat(2000), '![a]('.repeat(1300), '<a '.repeat(2700), 'a'.repeat(8000)]) {
      neutraliseLinks(hostile, offers);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the advisor model factory and its configuration', () => {
  it('builds the configured model', async () => {
    const base = { timeoutMs: 60_000, messagesPerMinute: 20 };
    expect(createAdvisorModel({ ...base, model: { provider: 'builtin' } }).name).toBe('builtin');
    const calls: string[] = [];
    const fakeFetch = (async (url: string | URL | Request) => {
      calls.push(String(url));
      return new Response('data: {"choices":[{"delta":{"content":"Hi"}}]}\n\ndata: [DONE]\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      });
    }) as typeof fetch;
    const openai = createAdvisorModel(
      { ...base, model: { provider: 'openai', baseUrl: 'https://llm.example/v1/', model: 'gpt-4o-mini', apiKey: undefined } },
      { fetch: fakeFetch },
    );
    expect(openai.name).toBe('gpt-4o-mini');
    const answer = await openai.answer(grounding(), { signal: new AbortController().signal, onText: () => undefined });
    expect(answer.text).toBe('Hi');
    expect(calls).toEqual(['https://llm.example/v1/chat/completions']);
  });

  it('needs a base URL and a model with ADVISOR_PROVIDER=openai, naming the variable', () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected the configuration to be refused');
    };
    const missing = message({ ADVISOR_PROVIDER: 'openai' });
    expect(missing).toContain('ADVISOR_OPENAI_BASE_URL: ADVISOR_PROVIDER=openai needs it');
    expect(missing).toContain('ADVISOR_OPENAI_MODEL: ADVISOR_PROVIDER=openai needs it');
    expect(message({ ADVISOR_PROVIDER: 'openai', ADVISOR_OPENAI_BASE_URL: 'https://api.openai.com/v1' })).toContain(
      'ADVISOR_OPENAI_MODEL: ADVISOR_PROVIDER=openai needs it',
    );
    expect(message({ ADVISOR_PROVIDER: 'openai', ADVISOR_OPENAI_BASE_URL: 'ftp://x', ADVISOR_OPENAI_MODEL: 'm' })).toContain(
      'ADVISOR_OPENAI_BASE_URL: must be an http(s):// URL',
    );
    expect(message({ ADVISOR_PROVIDER: 'gpt' })).toContain('ADVISOR_PROVIDER: must be builtin or openai');

    expect(loadConfig({ NODE_ENV: 'test' }).advisor).toEqual({ model: { provider: 'builtin' }, timeoutMs: 60_000, messagesPerMinute: 20 });
    const config = loadConfig({
      NODE_ENV: 'test',
      ADVISOR_PROVIDER: 'openai',
      ADVISOR_OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      ADVISOR_OPENAI_MODEL: 'llama3.1',
      ADVISOR_OPENAI_API_KEY: API_KEY,
      ADVISOR_TIMEOUT_SECONDS: '30',
      ADVISOR_MESSAGES_PER_MINUTE: '5',
    });
    expect(config.advisor).toEqual({
      model: { provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1', apiKey: API_KEY },
      timeoutMs: 30_000,
      messagesPerMinute: 5,
    });
    expect(createAdvisorModel(config.advisor).name).toBe('llama3.1');
  });
});
