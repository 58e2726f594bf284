import {
  ADVISOR_LIMITS,
  ADVISOR_SUGGESTIONS,
  ADVISOR_TEXTS,
  formatCurrency,
  formatDate,
  formatMonths,
  formatOfferMoney,
  formatOfferMultiple,
  formatOfferPercent,
  offerAssetClassLabels,
  offerTypeLabels,
  type ChatPrompt,
} from '@tessera/domain';
import type { AdvisorAnswer, AdvisorGrounding, AdvisorModel, AdvisorOffer, OfferCriteria } from '../model.ts';
import { explicitRankCount, hasFilters, parseCriteria, rankCount } from './criteria.ts';

/**
 * The built-in advisor: answers offline, deterministically, from the grounding alone (the listed offers retrieval
 * found, their classes and documents' names, and the glossary entries the question mentions). It lists and filters,
 * ranks, compares side by side, describes an offer, explains terms, and otherwise says it does not know.
 *
 * Offer names, descriptions and document names are the authors' text: they are escaped and quoted, never read as
 * instructions, and they never decide what the answer says.
 */
export function createBuiltinModel(): AdvisorModel {
  return {
    name: 'builtin',
    async answer(grounding, { signal, onText }) {
      throwIfAborted(signal);
      const answer = composeAnswer(grounding);
      await stream(answer.text, signal, onText);
      return answer;
    },
  };
}

// ── Streaming ───────────────────────────────────────────────────────────────────────────────

/** At most this many typing updates per answer, each a group of whole words. */
const CHUNKS_MAX = 12;
const WORDS_PER_CHUNK_MIN = 6;

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('The answer was aborted', 'AbortError');
}

async function stream(text: string, signal: AbortSignal, onText: (textSoFar: string) => void): Promise<void> {
  const tokens = text.split(/(?<=\s)/);
  const words = Math.max(WORDS_PER_CHUNK_MIN, Math.ceil(tokens.length / CHUNKS_MAX));
  for (let i = words; ; i += words) {
    throwIfAborted(signal);
    onText(tokens.slice(0, i).join(''));
    if (i >= tokens.length) return;
    // Let the socket send this update (and a timeout fire) before the next one.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

// ── Composing the answer ────────────────────────────────────────────────────────────────────

interface Draft {
  text: string;
  cited: AdvisorOffer[];
  prompts: ChatPrompt[];
}

const normalise = (q: string) => q.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();

/** The question asks what something is or means, rather than for offers. */
const DEFINITIONAL =
  /\b(what(?:'s| is| are| does| do)|whats|define|definition|meaning|mean|explain|how (?:does|do|is|are|long|can|much)|who (?:counts|is|qualifies|can|are)|tell me (?:about|what)|difference between|can i invest|am i)\b/;
/** The question points at an offer ('this offer', 'it'). */
const POINTS_AT_OFFER = /\b(?:this|that|the) (?:offer|deal|investment|one|opportunity|property|project|fund)\b|\bit\b|\bits\b/;
/** The question asks for offers. */
const ASKS_FOR_OFFERS =
  /\b(?:which|what|list|show|any|available|find|are there|how many|all|give me|search)\b.*\b(?:offers?|deals?|investments?|opportunit(?:y|ies)|listings?|properties|projects|funds)\b|\b(?:offers?|deals?|opportunities|listings)\b.*\b(?:available|listed|on (?:this|the) marketplace)\b/;
const DESCRIBE = /\b(?:tell me (?:more )?about|describe|overview|summar(?:y|ise|ize)|details?|more about|what is|what's|explain)\b/;

export function composeAnswer(g: AdvisorGrounding): AdvisorAnswer {
  const draft = draftAnswer(g);
  const text = draft.text.length > ADVISOR_LIMITS.answerMax ? `${draft.text.slice(0, ADVISOR_LIMITS.answerMax - 1)}…` : draft.text;
  const known = new Set(g.offers.map((o) => o.id));
  return {
    text,
    citedOfferIds: [...new Set(draft.cited.map((o) => o.id))].filter((id) => known.has(id)),
    prompts: draft.prompts.slice(0, 3),
  };
}

/**
 * The phrases of the question that looked like names (parseCriteria) but that retrieval found on no listed offer or
 * institution: said plainly, so 'which offers does X have?' is not answered with everyone's offers.
 */
function unresolvedNames(g: AdvisorGrounding): string[] {
  const resolved = (g.criteria.names ?? []).map((n) => n.toLowerCase());
  return (parseCriteria(g.question).names ?? []).filter((p) => {
    const phrase = p.toLowerCase();
    return !resolved.some((n) => n.includes(phrase) || phrase.includes(n));
  });
}

function draftAnswer(g: AdvisorGrounding): Draft {
  const draft = draftFromOffers(g);
  const missing = unresolvedNames(g);
  // Only where the answer is about offers: a glossary answer or 'I don't know' needs no such note.
  if (!missing.length || draft.text === ADVISOR_TEXTS.unknown || (!draft.cited.length && draft.text !== ADVISOR_TEXTS.noMatches))
    return draft;
  const note = `I found no offer or institution named ${missing.map((m) => `“${inert(m, 80)}”`).join(' or ')} on this marketplace.`;
  if (!hasFilters(g.criteria) && !g.criteria.sort && !g.criteria.compare && !g.focusOfferIds.length) {
    return { text: `${note} ${ADVISOR_TEXTS.noMatches}`, cited: [], prompts: [...ADVISOR_SUGGESTIONS] };
  }
  return { ...draft, text: `${note}\n\n${draft.text}` };
}

const GREETING = /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|greetings)\b[\s!.,]*(?:there)?[\s!.,]*$/;
const THANKS = /^(?:thanks?(?: you)?|thx|cheers|great|ok(?:ay)?|got it)\b[\s!.,]*(?:a lot|so much)?[\s!.,]*$/;

function draftFromOffers(g: AdvisorGrounding): Draft {
  const q = normalise(g.question);
  if (GREETING.test(q)) return { text: ADVISOR_TEXTS.welcome, cited: [], prompts: [...ADVISOR_SUGGESTIONS] };
  if (THANKS.test(q))
    return { text: 'You’re welcome. Anything else about the offers or the terms?', cited: [], prompts: [...ADVISOR_SUGGESTIONS] };
  const c = g.criteria;
  const fmt = formatters(g.currency);
  const focus = g.focusOfferIds.map((id) => g.offers.find((o) => o.id === id)).filter((o): o is AdvisorOffer => Boolean(o));
  const named = c.names?.length ? g.offers.filter((o) => c.names!.some((n) => n === o.name || n === o.institutionName)) : [];
  const filtered = hasFilters(c);
  const definitional = DEFINITIONAL.test(q) || /\bmeans?\b/.test(q);
  const aboutOffer = focus.length > 0 && POINTS_AT_OFFER.test(q);

  // 1. A term or a rule: 'what is an equity multiple?', 'who counts as an accredited investor?'
  if (
    g.glossary.length &&
    definitional &&
    !aboutOffer &&
    !named.length &&
    ((!filtered && !c.sort) || /\bmean\b|\bdefin/.test(q)) &&
    !c.compare
  ) {
    return explainTerms(g, focus, fmt);
  }
  if (g.glossary.length && c.compare && !named.length && focus.length < 2 && !filtered && definitional) return explainTerms(g, [], fmt);

  // 2. A side-by-side comparison.
  if (c.compare) return compare(g, q, focus, named, fmt);

  // 3. A ranking: 'lowest minimum investment', 'top 3 by IRR'.
  if (c.sort) return rank(g, q, c, fmt);

  // 4. One offer: the offer page's ('tell me about this offer') or the one named.
  if (focus.length && !filtered && (aboutOffer || DESCRIBE.test(q) || !ASKS_FOR_OFFERS.test(q))) return describe(g, focus.slice(0, 3), fmt);
  if (named.length && !filtered && named.length <= 3 && !ASKS_FOR_OFFERS.test(q)) return describe(g, named, fmt);

  // 5. Offers by criteria: 'which open offers have a target IRR above 15%?'
  if (filtered || named.length || ASKS_FOR_OFFERS.test(q)) return list(g, fmt);

  // 6. Terms the question mentions, else nothing to say.
  if (g.glossary.length) return explainTerms(g, focus, fmt);
  return { text: ADVISOR_TEXTS.unknown, cited: [], prompts: [...ADVISOR_SUGGESTIONS] };
}

// ── Formatting ──────────────────────────────────────────────────────────────────────────────

interface Formatters {
  money(v: number | null | undefined): string;
  percent(v: number | null | undefined): string;
  multiple(v: number | null | undefined): string;
  months(v: number | null | undefined): string;
}

function formatters(currency: string): Formatters {
  const money = (v: number | null | undefined) => {
    if (v === null || v === undefined || !Number.isFinite(v)) return '-';
    try {
      return formatCurrency(Math.round(v * 100) / 100, {
        currency: currency || 'USD',
        decimals: Number.isInteger(Math.round(v * 100) / 100) ? 0 : 2,
      });
    } catch {
      return formatOfferMoney(v);
    }
  };
  return {
    money,
    percent: (v) => formatOfferPercent(v === null || v === undefined ? v : Math.round(v * 100) / 100),
    multiple: (v) => formatOfferMultiple(v === null || v === undefined ? v : Math.round(v * 100) / 100),
    months: (v) => formatMonths(v === null || v === undefined ? v : Math.round(v * 10) / 10),
  };
}

/** Authors' text made inert in markdown: no links (addresses removed), emphasis, headings, tables or HTML; one line, cut. */
export function inert(text: string, max = 300): string {
  const line = text
    .replace(/<[^>]*>/g, ' ')
    // A bare address would still be linked by a renderer that links URLs (GFM autolinks): the answer links only offers.
    .replace(/\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+|\b(?:javascript|data|vbscript|mailto):\S*/gi, '(link removed)')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
  return cut.replace(/[\\`*_{}[\]()#+!|<>~]/g, (ch) => `\\${ch}`);
}

const link = (o: AdvisorOffer) => `[${inert(o.name, 120)}](${o.path})`;

const STATUS_LABEL = { open: 'Open', upcoming: 'Upcoming', closed: 'Closed', none: 'No dates set' } as const;

function statusText(o: AdvisorOffer): string {
  if (o.listingStatus === 'upcoming' && o.openDate) return `Upcoming (opens ${formatDate(o.openDate)})`;
  if (o.listingStatus === 'open' && o.closeDate) return `Open (closes ${formatDate(o.closeDate)})`;
  if (o.listingStatus === 'closed' && o.closeDate) return `Closed (${formatDate(o.closeDate)})`;
  return STATUS_LABEL[o.listingStatus];
}

const kindText = (o: AdvisorOffer) =>
  [o.assetClass ? offerAssetClassLabels[o.assetClass] : null, o.type ? offerTypeLabels[o.type] : null].filter(Boolean).join(', ');

function figures(o: AdvisorOffer, f: Formatters, first?: NonNullable<OfferCriteria['sort']>['by']): string {
  const parts: [NonNullable<OfferCriteria['sort']>['by'] | 'other', string][] = [
    ['targetIrr', `target IRR ${f.percent(o.targetIrr)}`],
    ['minimumInvestment', `min. ${f.money(o.minimumInvestment)}`],
    ['equityMultiple', `avg. equity multiple ${f.multiple(o.equityMultiple)}`],
    ['holdingPeriod', `hold ${f.months(o.holdingPeriod)}`],
  ];
  if (first === 'openDate') parts.unshift(['openDate', `opens ${formatDate(o.openDate)}`]);
  const ordered = first ? [...parts.filter(([k]) => k === first), ...parts.filter(([k]) => k !== first)] : parts;
  return ordered.map(([, text]) => text).join(' · ');
}

function offerLine(o: AdvisorOffer, f: Formatters, first?: NonNullable<OfferCriteria['sort']>['by']): string {
  const kind = kindText(o);
  return `- ${link(o)}: ${inert(o.institutionName, 120)}${kind ? ` · ${kind}` : ''} · ${statusText(o)} · ${figures(o, f, first)}`;
}

/** Near a whole number from below: a bound written 'at least N' (criteria.ts keeps it as strictly above a hair under N). */
const inclusiveLow = (v: number) => Math.abs(v - Math.round(v * 100) / 100) < 1e-6 && v < Math.round(v * 100) / 100;

/** The criteria in words: 'open, multifamily, target IRR above 15%'. */
function criteriaText(c: OfferCriteria, f: Formatters): string {
  const parts: string[] = [];
  if (c.statuses?.length) parts.push(c.statuses.join(' or '));
  if (c.assetClasses?.length) parts.push(c.assetClasses.map((a) => offerAssetClassLabels[a]).join(' or '));
  if (c.types?.length) parts.push(c.types.map((t) => offerTypeLabels[t]).join(' or '));
  const low = (label: string, v: number | undefined, show: (v: number) => string) => {
    if (v !== undefined) parts.push(`${label} ${inclusiveLow(v) ? 'at least' : 'above'} ${show(v)}`);
  };
  const high = (label: string, v: number | undefined, show: (v: number) => string) => {
    if (v !== undefined) parts.push(`${label} ${inclusiveLow(v) ? 'under' : 'at most'} ${show(v)}`);
  };
  low('target IRR', c.irrAbove, f.percent);
  high('target IRR', c.irrAtMost, f.percent);
  low('average equity multiple', c.equityMultipleAbove, f.multiple);
  high('average equity multiple', c.equityMultipleAtMost, f.multiple);
  if (c.minimumInvestmentAtLeast !== undefined) parts.push(`minimum investment at least ${f.money(c.minimumInvestmentAtLeast)}`);
  high('minimum investment', c.minimumInvestmentAtMost, f.money);
  if (c.holdingPeriodAtLeast !== undefined) parts.push(`holding period at least ${f.months(c.holdingPeriodAtLeast)}`);
  high('holding period', c.holdingPeriodAtMost, f.months);
  if (c.names?.length) parts.push(`named ${c.names.map((n) => inert(n, 80)).join(' or ')}`);
  return parts.join(', ');
}

/**
 * The offers that matched the question: retrieval puts the focus offers (the page the panel was opened from) first
 * whether they match or not, so a focus offer counts only when it meets the criteria itself.
 */
function matchesOf(g: AdvisorGrounding): AdvisorOffer[] {
  const focus = new Set(g.focusOfferIds);
  return g.offers.filter((o) => !focus.has(o.id) || meets(o, g.criteria));
}

function meets(o: AdvisorOffer, c: OfferCriteria): boolean {
  const within = (v: number | null, above?: number, atLeast?: number, atMost?: number) =>
    (above === undefined || (v !== null && v > above)) &&
    (atLeast === undefined || (v !== null && v >= atLeast)) &&
    (atMost === undefined || (v !== null && v <= atMost));
  return (
    (!c.assetClasses?.length || (o.assetClass !== null && c.assetClasses.includes(o.assetClass))) &&
    (!c.types?.length || (o.type !== null && c.types.includes(o.type))) &&
    (!c.statuses?.length || c.statuses.includes(o.listingStatus as 'open')) &&
    within(o.targetIrr, c.irrAbove, undefined, c.irrAtMost) &&
    within(o.equityMultiple, c.equityMultipleAbove, undefined, c.equityMultipleAtMost) &&
    within(o.minimumInvestment, undefined, c.minimumInvestmentAtLeast, c.minimumInvestmentAtMost) &&
    within(o.holdingPeriod, undefined, c.holdingPeriodAtLeast, c.holdingPeriodAtMost) &&
    (!c.names?.length || c.names.includes(o.name) || c.names.includes(o.institutionName))
  );
}

const SHOWN_IN_LIST = 10;
const COMPARED_MAX = 4;
const WHAT_IS_IRR: ChatPrompt = { id: 'what-is-irr', label: 'What is IRR?', value: 'What is IRR?' };
const WHAT_IS_MULTIPLE: ChatPrompt = { id: 'equity-multiple', label: 'What is an equity multiple?', value: 'What is an equity multiple?' };
const PROJECTIONS = 'Figures are the sponsors’ published targets, not guarantees.';

function comparePrompt(offers: AdvisorOffer[]): ChatPrompt[] {
  if (offers.length < 2) return [];
  const names = offers.slice(0, 3).map((o) => o.name.replace(/\s+/g, ' ').slice(0, 120));
  const value = `Compare ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return [{ id: 'compare', label: 'Compare these offers', value: value.slice(0, ADVISOR_LIMITS.messageMax) }];
}

function list(g: AdvisorGrounding, f: Formatters): Draft {
  const matches = matchesOf(g);
  if (g.matched === 0 || matches.length === 0) return { text: ADVISOR_TEXTS.noMatches, cited: [], prompts: [...ADVISOR_SUGGESTIONS] };
  const shown = matches.slice(0, SHOWN_IN_LIST);
  const what = criteriaText(g.criteria, f);
  const count = g.matched === 1 ? 'One offer' : `${g.matched} offers`;
  const intro = `${count} on ${inert(g.marketplaceName, 80)} ${g.matched === 1 ? 'matches' : 'match'}${what ? ` (${what})` : ''}:`;
  const lines = shown.map((o) => offerLine(o, f));
  const more =
    g.matched > shown.length
      ? `\n\nShowing ${shown.length} of ${g.matched}. Narrow the question (asset class, status, IRR, minimum) to see others.`
      : '';
  return {
    text: `${intro}\n\n${lines.join('\n')}${more}\n\n${PROJECTIONS}`,
    cited: shown,
    prompts: [...comparePrompt(shown), WHAT_IS_IRR, WHAT_IS_MULTIPLE],
  };
}

const SORT_LABEL = {
  targetIrr: { desc: 'highest target IRR', asc: 'lowest target IRR' },
  equityMultiple: { desc: 'highest average equity multiple', asc: 'lowest average equity multiple' },
  minimumInvestment: { desc: 'highest minimum investment', asc: 'lowest minimum investment' },
  holdingPeriod: { desc: 'longest holding period', asc: 'shortest holding period' },
  openDate: { desc: 'latest open date', asc: 'soonest open date' },
} as const;

function metricOf(o: AdvisorOffer, by: NonNullable<OfferCriteria['sort']>['by']): number | string | null {
  return by === 'openDate' ? o.openDate : o[by];
}

function rank(g: AdvisorGrounding, q: string, c: OfferCriteria, f: Formatters): Draft {
  const sort = c.sort!;
  const ranked = matchesOf(g).filter((o) => metricOf(o, sort.by) !== null);
  if (g.matched === 0 || ranked.length === 0) return { text: ADVISOR_TEXTS.noMatches, cited: [], prompts: [...ADVISOR_SUGGESTIONS] };
  const n = rankCount(q);
  const shown = ranked.slice(0, n);
  const what = criteriaText(c, f);
  const label = SORT_LABEL[sort.by][sort.direction];
  const scope = what ? ` among offers that are ${what}` : '';
  const intro = shown.length === 1 ? `The offer with the ${label}${scope} is:` : `The ${shown.length} offers with the ${label}${scope}:`;
  const more = g.matched > shown.length ? `\n\n${g.matched} offers matched in all; these are the top ${shown.length}.` : '';
  return {
    text: `${intro}\n\n${shown.map((o) => offerLine(o, f, sort.by)).join('\n')}${more}\n\n${PROJECTIONS}`,
    cited: shown,
    prompts: [...comparePrompt(ranked.slice(0, Math.max(2, n))), sort.by === 'targetIrr' ? WHAT_IS_IRR : WHAT_IS_MULTIPLE],
  };
}

/** The offers an earlier answer of the thread linked (for 'compare these offers'). */
function offersOfLastAnswer(g: AdvisorGrounding): AdvisorOffer[] {
  const last = [...g.history].reverse().find((h) => h.sender === 'advisor');
  if (!last) return [];
  const paths = [...last.message.matchAll(/\]\((\/marketplace\/offers\/[^)\s]+)\)/g)].map((m) => m[1]);
  return paths.map((p) => g.offers.find((o) => o.path === p)).filter((o): o is AdvisorOffer => Boolean(o));
}

function compare(g: AdvisorGrounding, q: string, focus: AdvisorOffer[], named: AdvisorOffer[], f: Formatters): Draft {
  let pool = unique([...focus, ...named]);
  if (pool.length < 2 && /\b(?:these|those|them|they|above)\b/.test(q)) pool = unique([...pool, ...offersOfLastAnswer(g)]);
  if (pool.length < 2 && (hasFilters(g.criteria) || !named.length)) pool = unique([...pool, ...g.offers]);
  if (pool.length === 0) {
    return { text: g.matched === 0 ? ADVISOR_TEXTS.noMatches : ADVISOR_TEXTS.unknown, cited: [], prompts: [...ADVISOR_SUGGESTIONS] };
  }
  if (pool.length === 1) {
    const one = describe(g, pool, f);
    return { ...one, text: `I need at least two offers to compare, and found one:\n\n${one.text}` };
  }
  // 'Compare the two with the highest IRR': the ranked pool's first two.
  const asked = explicitRankCount(q);
  const shown = pool.slice(0, Math.min(COMPARED_MAX, Math.max(2, asked ?? COMPARED_MAX)));
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const preferred = (o: AdvisorOffer) => {
    const values = o.classes.map((k) => k.preferredReturn).filter((v): v is number => v !== null);
    return values.length ? f.percent(Math.max(...values)) : '-';
  };
  const rows: [string, (o: AdvisorOffer) => string][] = [
    ['Institution', (o) => inert(o.institutionName, 80)],
    ['Asset class', (o) => (o.assetClass ? offerAssetClassLabels[o.assetClass] : '-')],
    ['Type', (o) => (o.type ? offerTypeLabels[o.type] : '-')],
    ['Status', (o) => statusText(o)],
    ['Min. investment', (o) => f.money(o.minimumInvestment)],
    ['Target IRR', (o) => f.percent(o.targetIrr)],
    ['Avg. equity multiple', (o) => f.multiple(o.equityMultiple)],
    ['Holding period', (o) => f.months(o.holdingPeriod)],
    ['Preferred return', preferred],
    ['Classes', (o) => String(o.classes.length)],
  ];
  const header = `| | ${shown.map((o) => cell(link(o))).join(' | ')} |`;
  const rule = `|---|${shown.map(() => '---').join('|')}|`;
  const body = rows.map(([label, value]) => `| ${label} | ${shown.map((o) => cell(value(o))).join(' | ')} |`);
  const best = (
    label: string,
    by: 'targetIrr' | 'equityMultiple' | 'minimumInvestment' | 'holdingPeriod',
    dir: 1 | -1,
    show: (v: number) => string,
  ) => {
    const withValue = shown.filter((o) => o[by] !== null);
    if (withValue.length < 2) return null;
    const top = withValue.reduce((a, b) => ((b[by]! - a[by]!) * dir > 0 ? b : a));
    return `${label}: ${inert(top.name, 120)} (${show(top[by]!)})`;
  };
  const notes = [
    best('Highest target IRR', 'targetIrr', 1, f.percent),
    best('Highest average equity multiple', 'equityMultiple', 1, f.multiple),
    best('Lowest minimum investment', 'minimumInvestment', -1, f.money),
    best('Shortest holding period', 'holdingPeriod', -1, f.months),
  ].filter(Boolean);
  const more =
    pool.length > shown.length && asked === null ? `\n\nShowing ${shown.length} of ${pool.length} offers; name the ones to compare.` : '';
  return {
    text: `Here is how ${shown.length === 2 ? 'the two offers' : `these ${shown.length} offers`} compare:\n\n${header}\n${rule}\n${body.join('\n')}\n\n${notes.map((n) => `- ${n}`).join('\n')}${more}\n\n${PROJECTIONS}`,
    cited: shown,
    prompts: [
      WHAT_IS_IRR,
      WHAT_IS_MULTIPLE,
      { id: 'preferred-return', label: 'What is a preferred return?', value: 'What is a preferred return?' },
    ],
  };
}

const unique = (offers: AdvisorOffer[]) => offers.filter((o, i) => offers.findIndex((x) => x.id === o.id) === i);

function describe(g: AdvisorGrounding, offers: AdvisorOffer[], f: Formatters): Draft {
  const parts = offers.map((o) => {
    const kind = kindText(o);
    const lines = [`**${link(o)}** by ${inert(o.institutionName, 120)}${kind ? ` · ${kind}` : ''} · ${statusText(o)}`, ''];
    lines.push(
      `Card figures: target IRR ${f.percent(o.targetIrr)} (highest of its classes) · minimum investment ${f.money(o.minimumInvestment)} (lowest) · ` +
        `average equity multiple ${f.multiple(o.equityMultiple)} · holding period ${f.months(o.holdingPeriod)} (shortest).`,
    );
    if (o.classes.length) {
      lines.push('', `Classes:`);
      for (const k of o.classes.slice(0, 6)) {
        const terms = [
          `min. ${f.money(k.minimumInvestment)}`,
          k.internalRateOfReturn !== null ? `target IRR ${f.percent(k.internalRateOfReturn)}` : null,
          k.equityMultiple !== null ? `equity multiple ${f.multiple(k.equityMultiple)}` : null,
          k.holdingPeriod !== null ? `hold ${f.months(k.holdingPeriod)}` : null,
          k.preferredReturn !== null ? `preferred return ${f.percent(k.preferredReturn)}` : null,
          k.cashOnCash !== null ? `cash-on-cash ${f.percent(k.cashOnCash)}` : null,
          k.distributionFrequency !== null ? `distributions every ${f.months(k.distributionFrequency)}` : null,
        ].filter(Boolean);
        lines.push(`- ${inert(k.name, 80)}: ${terms.join(' · ')}`);
      }
    }
    if (o.descriptionShort?.trim()) lines.push('', `The sponsor’s summary (quoted as written): “${inert(o.descriptionShort)}”`);
    if (o.documents.length) {
      lines.push('', `Documents on its page: ${o.documents.map((d) => inert(d.name, 80)).join(', ')}. Open the offer page to read them.`);
    }
    return lines.join('\n');
  });
  return {
    text: `${parts.join('\n\n---\n\n')}\n\n${PROJECTIONS}`,
    cited: offers,
    prompts: [
      ...(offers.length >= 2 ? comparePrompt(offers) : []),
      WHAT_IS_IRR,
      WHAT_IS_MULTIPLE,
      { id: 'preferred-return', label: 'What is a preferred return?', value: 'What is a preferred return?' },
    ],
  };
}

/** The glossary entries asked about; asked from an offer's page, that offer's figures follow. */
function explainTerms(g: AdvisorGrounding, focus: AdvisorOffer[], f: Formatters): Draft {
  const terms = g.glossary.map((e) => `**${e.term}**: ${e.definition}`).join('\n\n');
  const shown = focus.slice(0, 3);
  const onOffer = shown.map((o) => `On ${link(o)}: ${figures(o, f)}.`).join('\n');
  const text = onOffer ? `${terms}\n\n${onOffer}` : terms;
  const asked = new Set(g.glossary.map((e) => e.term));
  const prompts = ADVISOR_SUGGESTIONS.filter(
    (s) => !(s.id === 'accredited' && asked.has('Accredited investor')) && !(s.id === 'equity-multiple' && asked.has('Equity multiple')),
  );
  return { text, cited: shown, prompts: prompts.slice(0, 3) };
}
