import { ADVISOR_LIMITS, ADVISOR_TEXTS, type ChatPrompt } from '@tessera/domain';
import { AppError } from '../../lib/app-error.ts';
import type { AdvisorAnswer, AdvisorGrounding, AdvisorModel, AdvisorOffer } from './model.ts';
import { buildPromptMessages } from './prompt.ts';

/**
 * The advisor on any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style gateways, vLLM, Ollama, LM Studio…):
 * the prompt of prompt.ts is POSTed to `${baseUrl}/chat/completions` with `stream: true`, and the server-sent events are
 * read as they come, the text so far handed to `onText`. The answer may only link to the grounding's offer pages:
 * every other link is turned into its text before anyone sees it, and the offers linked are the answer's citations.
 */

export interface OpenAiModelConfig {
  /** e.g. https://api.openai.com/v1 (a trailing slash is fine). */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when set (local servers often need none). */
  apiKey?: string | undefined;
}

/** Low: the answer should read the data back, not improvise. */
const TEMPERATURE = 0.2;
/** An error body is read this far at most (only its code is kept). */
const ERROR_BODY_MAX = 64 * 1024;
/** One server-sent event (or a line still without its end), or a whole non-streamed answer, at most. */
const SSE_EVENT_MAX = 1024 * 1024;
/**
 * The text so far is shown at most this often (a token may be a chunk of its own): each update rereads the whole text
 * for links, and each is an event to every tab of the user. The final text is always shown.
 */
const SHOW_EVERY_MS = 40;
/** A link still being written is held back from `onText` this far at most. */
const PENDING_LINK_MAX = 300;

/**
 * The provider failed (unreachable, refused, broken stream). Its message names the HTTP status and the provider's
 * error code at most: never the provider's own text (which may echo part of the key) and never the key.
 */
export class AdvisorModelError extends AppError {
  readonly providerStatus: number | null;
  constructor(message: string, providerStatus: number | null = null, options?: { cause?: unknown }) {
    super('unavailable', message, options);
    this.providerStatus = providerStatus;
  }
}

// ── Links ───────────────────────────────────────────────────────────────────────────────────

// Every quantifier that could rescan the text from many starting points is bounded, so a hostile answer (8,000 '[')
// costs milliseconds, not seconds: what a bound lets through is caught by the last passes (`](` split, `<a` escaped).
const INLINE_LINK = /(!?)\[([^\]\n]{0,200})\]\(\s{0,8}<?([^\s)>]{0,512})>?(?:\s{1,8}(?:"[^"\n]{0,300}"|'[^'\n]{0,300}'))?\s{0,8}\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[^\n]*(?:\n|$)/gm;
const REFERENCE_LINK = /\[([^\]\n]{0,200})\]\[[^\]\n]{0,200}\]/g;
const AUTOLINK = /<((?:[a-z][a-z\d+.-]{1,31}:|www\.)[^\s<>]*|[^\s<>@]{1,64}@[^\s<>@]{1,255})>/gi;
const HTML_ANCHOR = /<\/?a(?:\s[^<>]{0,2048})?>/gi;
const BARE_ADDRESS = /(?:\b[a-z][a-z\d+.-]{1,31}:\/\/|\bwww\.)[^\s<>()[\]`\uE000]+|\b[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/gi;
/** Code spans and fenced blocks: what they hold is shown as text, never as a link, so it is left alone. */
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;
/** A link, image, autolink or HTML tag still being written at the end of the text (looked for in its tail only). */
const PENDING = /(?:!?\[[^\]\n]*(?:\](?:\([^)\n]*)?)?|<(?:[a-z/!][^>\n]*)?)$/i;
const PENDING_INLINE = /!?\[([^\]\n]*)\]\([^)\n]*$/;
/** Marks a kept link while the other passes run (a private-use character, removed from the answer first). */
const KEPT = /\uE000(\d+)\uE000/g;

/** The offer whose page `target` is: its path exactly, give or take a trailing slash or this site's origin. */
function offerAt(target: string, byPath: Map<string, AdvisorOffer>): AdvisorOffer | undefined {
  let path = target;
  if (/^[a-z][a-z\d+.-]*:/i.test(path) || path.startsWith('//')) {
    try {
      path = new URL(path, 'http://localhost').pathname;
    } catch {
      return undefined;
    }
  }
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return byPath.get(path);
}

function neutraliseProse(text: string, byPath: Map<string, AdvisorOffer>, cited: Set<string>): string {
  const kept: string[] = [];
  return (
    text
      .replace(INLINE_LINK, (_all, image: string, label: string, target: string) => {
        const offer = image ? undefined : offerAt(target, byPath);
        if (!offer) return label;
        cited.add(offer.id);
        kept.push(`[${label}](${offer.path})`);
        return `\uE000${kept.length - 1}\uE000`;
      })
      .replace(REFERENCE_DEFINITION, '')
      .replace(REFERENCE_LINK, '$1')
      .replace(AUTOLINK, '$1')
      .replace(HTML_ANCHOR, '')
      // Whatever still reads as a link or an anchor (past a bound, or formed by the passes above) no longer does.
      .replaceAll('](', '] (')
      .replace(/<(?=\/?a[\s>/])/gi, '&lt;')
      .replace(BARE_ADDRESS, (address) => {
        // Punctuation closing the sentence is not part of the address (as GFM's autolinks read it).
        const [, core, trailing] = /^(.*?)([.,;:!?'"*_~]*)$/s.exec(address) as unknown as [string, string, string];
        return `\`${core}\`${trailing}`;
      })
      .replace(KEPT, (_all, index: string) => kept[Number(index)] ?? '')
  );
}

/**
 * Keeps the links to the grounding's offer pages (rewritten to their exact paths) and turns every other link, image,
 * autolink, HTML anchor or bare web or e-mail address into plain text (a link's words; an address as code, so no
 * renderer makes it clickable). Code spans and blocks are left as they are. Returns the offers linked, in the order
 * first linked.
 */
export function neutraliseLinks(text: string, offers: AdvisorOffer[]): { text: string; citedOfferIds: string[] } {
  const clean = text.replaceAll('\uE000', '');
  const byPath = new Map(offers.map((offer) => [offer.path, offer]));
  const cited = new Set<string>();
  let out = '';
  let last = 0;
  for (const code of clean.matchAll(CODE)) {
    out += neutraliseProse(clean.slice(last, code.index), byPath, cited) + code[0];
    last = code.index + code[0].length;
  }
  out += neutraliseProse(clean.slice(last), byPath, cited);
  return { text: out, citedOfferIds: [...cited] };
}

/** What may be shown of a text still streaming: up to a link still being written, which is held back until complete. */
function shownSoFar(raw: string): string {
  const from = Math.max(0, raw.length - PENDING_LINK_MAX);
  const pending = PENDING.exec(raw.slice(from));
  return pending ? raw.slice(0, from + pending.index) : raw;
}

/** The final text: a link cut off at the end (the length limit, a stream that stopped) keeps only its words. */
function finalText(raw: string): string {
  const from = Math.max(0, raw.length - PENDING_LINK_MAX);
  return raw.slice(0, from) + raw.slice(from).replace(PENDING_INLINE, '$1');
}

// ── Follow-ups ──────────────────────────────────────────────────────────────────────────────

const FOLLOW_UPS = {
  compare: { id: 'compare', label: 'Compare them', value: 'Compare these offers side by side' },
  open: { id: 'open-offers', label: 'Which offers are open?', value: 'Which offers are open for investment now?' },
  terms: { id: 'explain-terms', label: 'Explain the terms', value: 'What do target IRR, equity multiple and holding period mean?' },
} as const satisfies Record<string, ChatPrompt>;

function followUps(citedOfferIds: string[]): ChatPrompt[] {
  return citedOfferIds.length >= 2 ? [FOLLOW_UPS.compare, FOLLOW_UPS.terms] : [FOLLOW_UPS.open, FOLLOW_UPS.terms];
}

// ── The stream ──────────────────────────────────────────────────────────────────────────────

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short token (`invalid_api_key`, `rate_limit_exceeded`) from a provider's error, never free text, never the key. */
function errorCodeOf(payload: unknown, apiKey: string | undefined): string | null {
  const error = isObject(payload) && isObject(payload.error) ? payload.error : isObject(payload) ? payload : {};
  for (const value of [error.code, error.type]) {
    if (typeof value !== 'string' || !/^[\w.-]{1,64}$/.test(value)) continue;
    if (apiKey && (value.includes(apiKey) || apiKey.includes(value))) continue;
    return value;
  }
  return null;
}

/** The text of one streamed chunk (or of a whole answer, from a server that ignored `stream`). */
function contentOf(payload: Json): string {
  const choice = Array.isArray(payload.choices) ? (payload.choices[0] as unknown) : undefined;
  if (!isObject(choice)) return '';
  const part = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {};
  return typeof part.content === 'string' ? part.content : '';
}

/**
 * The `data` of each server-sent event, as it arrives: lines may be split anywhere across chunks and end in \n, \r\n
 * or \r; comments (`: keep-alive`) and other fields are skipped; a multi-line `data` is joined with \n.
 */
export async function* serverSentData(body: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let dataLength = 0;
  function* lines(final: boolean): Generator<string> {
    const lineEnd = /\r\n|\r|\n/g;
    let start = 0;
    for (let end = lineEnd.exec(buffer); end; end = lineEnd.exec(buffer)) {
      // A \r at the end of a chunk may be the first half of \r\n: wait for the next chunk.
      if (!final && end[0] === '\r' && end.index === buffer.length - 1) break;
      yield buffer.slice(start, end.index);
      start = end.index + end[0].length;
    }
    buffer = buffer.slice(start);
    if (final && buffer !== '') {
      yield buffer;
      buffer = '';
    }
    if (buffer.length > SSE_EVENT_MAX) throw new AdvisorModelError('The advisor model sent a malformed stream');
  }
  function* dispatch(line: string): Generator<string> {
    if (line === '') {
      if (data.length > 0) yield data.join('\n');
      data = [];
      dataLength = 0;
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon < 0 ? '' : line.slice(colon + 1);
    data.push(value.startsWith(' ') ? value.slice(1) : value);
    dataLength += value.length;
    if (dataLength > SSE_EVENT_MAX) throw new AdvisorModelError('The advisor model sent a malformed stream');
  }
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (const line of lines(done)) yield* dispatch(line);
      if (done) {
        yield* dispatch('');
        return;
      }
    }
  } finally {
    // Stopping early (the length limit, [DONE], an error) closes the connection instead of draining it.
    await reader.cancel().catch(() => undefined);
  }
}

export function createOpenAiModel(config: OpenAiModelConfig, deps: { fetch?: typeof fetch } = {}): AdvisorModel {
  const fetchImpl = deps.fetch ?? fetch;
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream, application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;

  // Reasoning models (o1, o3…) refuse any temperature but their default: told so once, the model stops sending one.
  let sendTemperature = true;

  async function request(grounding: AdvisorGrounding, signal: AbortSignal): Promise<Response> {
    const messages = buildPromptMessages(grounding);
    for (;;) {
      const body = JSON.stringify({
        model: config.model,
        messages,
        stream: true,
        ...(sendTemperature ? { temperature: TEMPERATURE } : {}),
      });
      let response: Response;
      try {
        response = await fetchImpl(url, { method: 'POST', headers, body, signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new AdvisorModelError('The advisor model could not be reached', null, { cause: error });
      }
      if (response.status < 400) {
        if (!response.body) throw new AdvisorModelError('The advisor model sent no answer', response.status);
        return response;
      }
      const text = await readCapped(response, ERROR_BODY_MAX);
      let payload: unknown = null;
      try {
        payload = JSON.parse(text);
      } catch {
        // Not JSON (a proxy's HTML page): the status says enough.
      }
      if (
        response.status === 400 &&
        sendTemperature &&
        isObject(payload) &&
        isObject(payload.error) &&
        payload.error.param === 'temperature'
      ) {
        sendTemperature = false;
        continue;
      }
      const code = errorCodeOf(payload, config.apiKey);
      throw new AdvisorModelError(`The advisor model answered ${response.status}${code ? ` (${code})` : ''}`, response.status);
    }
  }

  async function* chunks(response: Response): AsyncGenerator<string, void, undefined> {
    const body = response.body as ReadableStream<Uint8Array>;
    if (/application\/json/i.test(response.headers.get('content-type') ?? '')) {
      // A server that ignored `stream: true` sends the whole answer at once.
      const payload = JSON.parse(await readCapped(response, SSE_EVENT_MAX)) as unknown;
      if (isObject(payload)) yield contentOf(payload);
      return;
    }
    for await (const data of serverSentData(body)) {
      if (data.trim() === '[DONE]') return;
      if (data.trim() === '') continue;
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch (error) {
        throw new AdvisorModelError('The advisor model sent a malformed stream', response.status, { cause: error });
      }
      if (!isObject(payload)) continue;
      if (payload.error !== undefined) {
        const code = errorCodeOf(payload, config.apiKey);
        throw new AdvisorModelError(`The advisor model failed mid-answer${code ? ` (${code})` : ''}`, response.status);
      }
      yield contentOf(payload);
    }
  }

  return {
    name: config.model,
    async answer(grounding, { signal, onText }): Promise<AdvisorAnswer> {
      let raw = '';
      let shown = '';
      let shownAt = Number.NEGATIVE_INFINITY;
      const show = (text: string) => {
        if (text === shown) return;
        shown = text;
        onText(text);
      };
      try {
        signal.throwIfAborted();
        const response = await request(grounding, signal);
        for await (const part of chunks(response)) {
          raw += part;
          if (raw.length >= ADVISOR_LIMITS.answerMax) {
            raw = raw.slice(0, ADVISOR_LIMITS.answerMax);
            break;
          }
          if (performance.now() - shownAt < SHOW_EVERY_MS) continue;
          shownAt = performance.now();
          show(neutraliseLinks(shownSoFar(raw), grounding.offers).text);
        }
      } catch (error) {
        if (signal.aborted) throw signal.reason ?? error;
        if (error instanceof AdvisorModelError) throw error;
        throw new AdvisorModelError('The advisor model failed mid-answer', null, { cause: error });
      }
      signal.throwIfAborted();
      let final = neutraliseLinks(finalText(raw).trim() || ADVISOR_TEXTS.unknown, grounding.offers);
      // Addresses turned into code add two characters each: cut again, and drop a link the cut split.
      if (final.text.length > ADVISOR_LIMITS.answerMax) {
        final = neutraliseLinks(finalText(final.text.slice(0, ADVISOR_LIMITS.answerMax)), grounding.offers);
      }
      show(final.text);
      return { text: final.text, citedOfferIds: final.citedOfferIds, prompts: followUps(final.citedOfferIds) };
    },
  };
}

/** At most `max` characters of a response's body (an error page may be large; only its code is kept). */
async function readCapped(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < max) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body cut short still names the status.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, max);
}
