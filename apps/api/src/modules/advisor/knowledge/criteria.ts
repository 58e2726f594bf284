import type { OfferAssetClass, OfferType } from '@tessera/domain';
import type { OfferCriteria } from '../model.ts';
import { GLOSSARY } from './glossary.ts';

/**
 * What a question asks of the offers, read from its words alone (no database, no model): the asset classes, offer
 * types and statuses it names, the bounds it puts on the card metrics, what it ranks by, whether it compares, and
 * the capitalised or quoted phrases that may name an offer or an institution (retrieval matches them against the
 * tenant's listed offers and drops those that name nothing).
 *
 * Bounds are read as written: 'above 15%' is strictly above, 'at least 15%' includes 15 (kept as strictly above a
 * hair under it, since OfferCriteria holds strict lower bounds), 'under $50,000' is strictly under.
 */

/** Everyday words for each asset class (offerAssetClass), longest phrases first within a class. */
const ASSET_CLASS_WORDS: [OfferAssetClass, RegExp][] = [
  ['multi-family', /\b(multi[- ]?family|apartments?|apartment (?:complex|buildings?)|rental (?:communities|community))\b/],
  ['single-family-homes', /\b(single[- ]family(?: homes?| houses?| rentals?)?|sfr)\b/],
  ['townhomes', /\b(town ?homes?|town ?houses?)\b/],
  ['hospitality', /\b(hospitality|hotels?|motels?|resorts?)\b/],
  ['industrial', /\b(industrial|warehouses?|logistics|distribution cent(?:er|re)s?)\b/],
  ['retail', /\b(retail|shopping (?:cent(?:er|re)s?|malls?)|malls?|strip cent(?:er|re)s?)\b/],
  ['office-spaces', /\b(office(?:[- ]spaces?|s)?|office buildings?)\b/],
  ['mixed-use', /\b(mixed[- ]use)\b/],
  ['land-development', /\b(land(?:[- ]development)?|raw land|lots)\b/],
  ['special-purpose', /\b(special[- ]purpose)\b/],
  ['storage-facilities', /\b((?:self[- ])?storage(?: facilit(?:y|ies))?)\b/],
  ['senior-living-facilities', /\b(senior[- ]living|assisted[- ]living|senior housing)\b/],
  ['student-housing', /\b(student[- ]housing|student accommodation)\b/],
  ['mobile-home-parks', /\b(mobile[- ]homes?(?: parks?)?|manufactured (?:housing|homes?))\b/],
  ['leisure', /\b(leisure)\b/],
  ['private-equity', /\b(private[- ]equity)\b/],
  ['venture-capital', /\b(venture(?:[- ]capital)?|vc|start-?ups?)\b/],
  ['hedge-funds', /\b(hedge[- ]funds?)\b/],
  ['infrastructure', /\b(infrastructure)\b/],
  ['natural-resources', /\b(natural[- ]resources?|oil(?: and gas)?|timber(?:land)?)\b/],
  ['recreational', /\b(recreational|rv parks?|campgrounds?|marinas?)\b/],
];

/** Everyday words for each offer type (offerType). */
const OFFER_TYPE_WORDS: [OfferType, RegExp][] = [
  ['value-add', /\b(value[- ]add(?:ed)?)\b/],
  ['new-construction', /\b(new[- ]construction|ground[- ]up)\b/],
  ['core-investment', /\b(core(?:[- ]investments?)?)\b/],
  ['distressed-assets', /\b(distressed(?:[- ]assets?)?)\b/],
  ['fix-and-flip', /\b(fix[- ]and[- ]flip|flips?)\b/],
  ['development-project', /\b(development projects?)\b/],
  ['opportunistic-investment', /\b(opportunistic(?:[- ]investments?)?)\b/],
  ['stabalized-acquisition', /\b(stabili[sz]ed(?:[- ]acquisitions?)?|stabalized(?:[- ]acquisitions?)?)\b/],
  ['sale-leaseback', /\b(sale[- ]lease[- ]?backs?)\b/],
  ['joint-venture', /\b(joint[- ]ventures?|jv)\b/],
  ['wholesale', /\b(wholesale)\b/],
  ['debt-investment', /\b(debt(?:[- ]investments?)?|loans?|lending)\b/],
  ['fund-of-funds', /\b(funds?[- ]of[- ]funds)\b/],
];

/** Glossary questions name words that look like criteria ('what is mezzanine debt?'): they are terms, not filters. */
const TERM_PHRASES = /\b(mezzanine debt|preferred equity|common equity|capital stack|senior debt)\b/g;

const STATUS_WORDS: ['upcoming' | 'open' | 'closed', RegExp][] = [
  ['upcoming', /\b(upcoming|coming soon|opening soon|not yet open)\b/],
  ['open', /\b(open(?! date)(?:ed)?|currently open|accepting (?:investments|investors|commitments)|still raising)\b/],
  ['closed', /\b(closed|fully funded|no longer open)\b/],
];

type Metric = 'irr' | 'multiple' | 'minimum' | 'holding';
/** Figures the criteria cannot hold (a preferred return, cash-on-cash): a number next to them bounds nothing. */
type Near = Metric | 'other';

/** Words naming each metric; where a number sits near one of them, the bound is on that metric. */
const METRIC_WORDS: [Near, RegExp][] = [
  [
    'other',
    /\bpreferred returns?\b|\bpref\b|\bcash[- ]on[- ]cash\b|\bcoc\b|\bannuali[sz]ed returns?\b|\bdistributions?\b|\bupside\b|\bsplit\b/g,
  ],
  ['irr', /\b(?:target )?irrs?\b|internal rate of return|\breturns?\b|\byield\b/g],
  ['multiple', /\b(?:equity )?multiples?\b|\bmoic\b|\bmultiplier\b/g],
  ['minimum', /\bmin(?:imum)?(?: investments?)?\b|\bbuy[- ]in\b|\bticket(?: size)?\b|\bcheck size\b|\binvest(?:ment)?\b|\bentry\b/g],
  ['holding', /\bhold(?:ing)?(?: period| time)?\b|\bterm\b|\bduration\b|\bhorizon\b|\block[- ]?up\b/g],
];

/** Upper or lower bound words before a number, and after it ('36 months or less', '15%+'). */
const LOWER_BEFORE =
  /(above|over|more than|greater than|higher than|exceeding|exceeds|at least|no less than|not less than|minimum of|>=|>|≥)\s*$/;
const UPPER_BEFORE =
  /(under|below|less than|lower than|fewer than|at most|no more than|not more than|up to|maximum of|max(?:imum)?|within|<=|<|≤)\s*$/;
const INCLUSIVE =
  /(at least|no less than|not less than|minimum of|>=|≥|at most|no more than|not more than|up to|maximum of|max(?:imum)?|within|<=|≤)\s*$/;
const LOWER_AFTER = /^\s*(?:\+|(?:or more|or higher|or greater|or above|and (?:up|above|over)|plus)\b)/;
const UPPER_AFTER = /^\s*(or less|or lower|or fewer|or under|or below|and under|and below|max(?:imum)?)\b/;

/** A number with its money and unit marks: '$25k', '15%', '1.8x', '5 years', '36 months', '$1.5 million'. */
const QUANTITY =
  /(\$|usd\s*|€|£)?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(?:(k|m|mm|thousand|million|bn|billion)\b)?\s*(%|percent|x\b|times\b|years?\b|yrs?\b|months?\b|mos?\b)?/gi;

const SCALE: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, mm: 1e6, million: 1e6, bn: 1e9, billion: 1e9 };

/** Just under / over a value: a strict bound stored in a field that is inclusive, or the reverse. */
const justUnder = (v: number) => v - Math.max(1, Math.abs(v)) * 1e-9;

/** The phrases of a question split at clause breaks, so a number is read against the metric of its own clause. */
function clauses(text: string): string[] {
  return text.split(
    /,(?!\d{3})|;|\band\b(?! (?:up|above|over|under|below)\b)|\bbut\b|\bwith\b(?= (?:a |an )?(?:target|irr|equity|min|hold))/,
  );
}

/** The metric named nearest before `index` in `clause` (within 40 characters), else the nearest after (within 30). */
function metricNear(clause: string, start: number, end: number): Near | null {
  let best: { metric: Near; distance: number } | null = null;
  for (const [metric, pattern] of METRIC_WORDS) {
    for (const m of clause.matchAll(pattern)) {
      const at = m.index;
      const distance = at + m[0].length <= start ? start - (at + m[0].length) : at >= end ? (at - end) * 1.5 : Number.POSITIVE_INFINITY;
      if (distance <= 45 && (!best || distance < best.distance)) best = { metric, distance };
    }
  }
  return best?.metric ?? null;
}

interface Bound {
  metric: Metric;
  lower?: number;
  upper?: number;
}

function readBounds(text: string): Bound[] {
  const bounds: Bound[] = [];
  // 'between 10% and 15%' / 'from $10k to $50k': both ends at once, read first and blanked out of the text.
  const BETWEEN =
    /\b(?:between|from)\s+(\$?\s*[\d.,]+\s*(?:k|m|thousand|million)?\s*(?:%|x|years?|months?)?)\s+(?:and|to|-)\s+(\$?\s*[\d.,]+\s*(?:k|m|thousand|million)?\s*(?:%|x|years?|months?)?)/g;
  let rest = text;
  for (const between of text.matchAll(BETWEEN)) {
    const [a, b] = [quantities(between[1]!)[0], quantities(between[2]!)[0]];
    if (!a || !b) continue;
    const unit = a.unit ?? b.unit;
    const metric = metricOf(unit, a.money || b.money, metricNear(text, between.index, between.index + between[0].length));
    if (!metric) continue;
    bounds.push({ metric, lower: toMetricValue(metric, a.value, a.unit ?? unit), upper: toMetricValue(metric, b.value, b.unit ?? unit) });
    rest = rest.slice(0, between.index) + ' '.repeat(between[0].length) + rest.slice(between.index + between[0].length);
  }
  for (const clause of clauses(rest)) {
    for (const q of quantities(clause)) {
      const before = clause.slice(Math.max(0, q.start - 24), q.start);
      const after = clause.slice(q.end, q.end + 16);
      const metric = metricOf(q.unit, q.money, metricNear(clause, q.start, q.end));
      if (!metric) continue;
      // A bare number must carry a unit or sit next to a metric word: 'top 3 offers' is not a bound.
      const value = toMetricValue(metric, q.value, q.unit);
      const inclusive = INCLUSIVE.test(before);
      if (LOWER_BEFORE.test(before) || LOWER_AFTER.test(after)) {
        bounds.push({ metric, lower: inclusive || LOWER_AFTER.test(after) ? justUnder(value) : value });
      } else if (UPPER_BEFORE.test(before) || UPPER_AFTER.test(after)) {
        bounds.push({ metric, upper: inclusive || UPPER_AFTER.test(after) ? value : justUnder(value) });
      } else if (!q.unit && !q.money && /\b(?:top|best|first|show|list|give|the)\s*$/.test(before)) {
        continue;
      } else if (q.unit || q.money || /\b(?:of|is|at|with|around|about)\s*$/.test(before)) {
        // No comparison word: a return or a multiple asked for is a floor ('offers with a 15% IRR'); a minimum or a
        // hold is a ceiling ('I have $25k', 'a 36 month hold').
        if (metric === 'irr' || metric === 'multiple') bounds.push({ metric, lower: justUnder(value) });
        else bounds.push({ metric, upper: value });
      }
    }
  }
  return bounds;
}

interface Quantity {
  value: number;
  unit: string | null;
  money: boolean;
  start: number;
  end: number;
}

function quantities(text: string): Quantity[] {
  const found: Quantity[] = [];
  for (const m of text.matchAll(QUANTITY)) {
    const [whole, currency, digits, scale, unit] = m;
    // Years written as numbers ('in 2026') and ordinals are not bounds.
    if (!currency && !scale && !unit && /^(19|20)\d{2}$/.test(digits!)) continue;
    const value = Number(digits!.replace(/,/g, '')) * (scale ? (SCALE[scale.toLowerCase()] ?? 1) : 1);
    if (!Number.isFinite(value)) continue;
    const start = m.index + whole.indexOf(currency ?? digits!);
    found.push({
      value,
      unit: unit ? normaliseUnit(unit) : null,
      money: Boolean(currency) || Boolean(scale && /^(k|thousand|m|mm|million|bn|billion)$/i.test(scale)),
      start,
      end: m.index + whole.trimEnd().length,
    });
  }
  return found;
}

function normaliseUnit(unit: string): string {
  const u = unit.toLowerCase();
  if (u === '%' || u === 'percent') return '%';
  if (u === 'x' || u === 'times') return 'x';
  if (u.startsWith('y')) return 'years';
  return 'months';
}

/** The unit decides where it can ('15%' is a return, '1.8x' a multiple, '$25k' a minimum, '5 years' a hold). */
function metricOf(unit: string | null, money: boolean, near: Near | null): Metric | null {
  if (near === 'other') return null;
  if (money) return 'minimum';
  if (unit === '%') return 'irr';
  if (unit === 'x') return 'multiple';
  if (unit === 'years' || unit === 'months') return 'holding';
  return near;
}

function toMetricValue(metric: Metric, value: number, unit: string | null): number {
  if (metric === 'holding' && unit === 'years') return value * 12;
  return value;
}

function setBound(criteria: OfferCriteria, bound: Bound): void {
  const keys = {
    irr: ['irrAbove', 'irrAtMost'],
    multiple: ['equityMultipleAbove', 'equityMultipleAtMost'],
    minimum: ['minimumInvestmentAtLeast', 'minimumInvestmentAtMost'],
    holding: ['holdingPeriodAtLeast', 'holdingPeriodAtMost'],
  } as const;
  const [lowerKey, upperKey] = keys[bound.metric];
  if (bound.lower !== undefined) criteria[lowerKey] = bound.lower;
  if (bound.upper !== undefined) criteria[upperKey] = bound.upper;
}

// ── Ranking ─────────────────────────────────────────────────────────────────────────────────

type SortBy = NonNullable<OfferCriteria['sort']>['by'];
const SORT_METRIC: [SortBy, RegExp][] = [
  ['targetIrr', /\b(?:target )?irr\b|internal rate of return|\breturns?\b|\byield\b/],
  ['equityMultiple', /\b(?:equity )?multiple\b|\bmoic\b/],
  ['minimumInvestment', /\bmin(?:imum)?(?: investment)?\b|\bbuy[- ]in\b|\bticket\b|\bentry\b/],
  ['holdingPeriod', /\bhold(?:ing)?(?: period)?\b|\bterm\b|\bduration\b/],
  ['openDate', /\bopen(?:ing)? date\b|\bopens?\b|\bstart\b/],
];
/** The natural order of each metric when the question says 'best' or 'top'. */
const BEST: Record<SortBy, 'asc' | 'desc'> = {
  targetIrr: 'desc',
  equityMultiple: 'desc',
  minimumInvestment: 'asc',
  holdingPeriod: 'asc',
  openDate: 'asc',
};
const RANK_WORD =
  /\b(highest|largest|biggest|greatest|most|lowest|smallest|least|best|top|cheapest|most affordable|shortest|quickest|longest|soonest|next to open|first to open)\b/;

function readSort(text: string): OfferCriteria['sort'] {
  const rank = RANK_WORD.exec(text);
  if (!rank) return undefined;
  const word = rank[1]!;
  // 'at least 1.8x', 'the most' in a bound, 'most of' are not rankings.
  if (
    (word === 'least' || word === 'most') &&
    /\bat (?:least|most)\b|\bno (?:less|more)\b/.test(text.slice(Math.max(0, rank.index - 3), rank.index + 9))
  )
    return undefined;
  if (word === 'least' && !/\bthe least\b/.test(text)) return undefined;
  if (word === 'cheapest' || word === 'most affordable') return { by: 'minimumInvestment', direction: 'asc' };
  if (word === 'soonest' || word === 'next to open' || word === 'first to open') return { by: 'openDate', direction: 'asc' };
  const rest = text.slice(rank.index);
  const named = SORT_METRIC.map(([by, pattern]) => ({ by, at: pattern.exec(rest)?.index ?? -1 }))
    .filter((m) => m.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  const anywhere = named ?? SORT_METRIC.map(([by, pattern]) => ({ by, at: pattern.exec(text)?.index ?? -1 })).find((m) => m.at >= 0);
  if (word === 'shortest' || word === 'quickest') return { by: 'holdingPeriod', direction: 'asc' };
  if (word === 'longest') return { by: 'holdingPeriod', direction: 'desc' };
  const by: SortBy = anywhere?.by ?? 'targetIrr';
  if (word === 'best' || word === 'top') return { by, direction: BEST[by] };
  const descending = ['highest', 'largest', 'biggest', 'greatest', 'most'].includes(word);
  return { by, direction: descending ? 'desc' : 'asc' };
}

/**
 * How many offers a ranking asks for: 'top 3', 'the 5 highest', 'three best'; else one for a question about a single
 * offer ('which offer has the highest IRR?') and three for one about several ('which offers have the lowest minimum?').
 */
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
/** The number a question asks for ('top 3', 'the two with the highest IRR'), or null when it names none. */
export function explicitRankCount(question: string): number | null {
  const text = question.toLowerCase();
  const n =
    /\b(?:top|best|first|the|highest|lowest)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b(?!\s*(?:%|x|years?|months?|k\b))/.exec(
      text,
    );
  const value = n ? (NUMBER_WORDS[n[1]!] ?? Number(n[1])) : null;
  return value && value > 0 ? Math.min(value, 20) : null;
}

export function rankCount(question: string): number {
  return (
    explicitRankCount(question) ??
    (/\b(offers|deals|investments|opportunities|ones|options|listings)\b/.test(question.toLowerCase()) ? 3 : 1)
  );
}

// ── Names ───────────────────────────────────────────────────────────────────────────────────

/** Capitalised words that start questions or name terms, never an offer by themselves. */
const NOT_NAMES = new Set(
  (
    'a an and are as at be best by can compare compared could describe did do does explain for from give has have how i ' +
    'if in is it its list me my of on or please show should tell than that the their them these they this those to top ' +
    'vs versus was what when where which who why will with would you your any all each every between difference ' +
    'irr irrs target internal rate return returns equity multiple moic minimum min maximum investment investments hold ' +
    'holding period term cash coc preferred pref distribution distributions upside split price unit units offer offers ' +
    'deal deals open opened upcoming closed highest lowest largest smallest reg regulation rule sec finra series form ' +
    'd cf a+ k-1 k1 llc lp gp ppm accredited accreditation investor investors sponsor sponsors waterfall stack ' +
    'mezzanine debt asset class classes type types us usd eur gbp ok okay hi hello thanks thank yes no ' +
    'january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday marketplace ai advisor'
  ).split(' '),
);

/** A word the criteria read as a kind of offer ('Multifamily', 'Open'), not as a name. */
function isVocabulary(word: string): boolean {
  const w = word.toLowerCase();
  return [...ASSET_CLASS_WORDS, ...OFFER_TYPE_WORDS, ...STATUS_WORDS].some(([, pattern]) => pattern.exec(w)?.[0] === w);
}

/** Quoted phrases and runs of capitalised words (not at the very start, unless two or more): maybe offer names. */
function readNames(question: string): string[] {
  const names = new Set<string>();
  for (const m of question.matchAll(/["“‘'`]([^"”’'`]{3,80})["”’'`]/g)) names.add(m[1]!.trim());
  const words = [...question.matchAll(/[\p{Lu}][\p{L}\p{N}&'’.-]*|\d+[\p{L}]*|[\p{Ll}][\p{L}\p{N}'’-]*|[^\s\p{L}\p{N}]+/gu)];
  let run: string[] = [];
  let runStartsSentence = false;
  const flush = () => {
    const kept = [...run];
    const joining = (w: string) => NOT_NAMES.has(w.toLowerCase()) || /^(of|the|at|on|&|de|la)$/i.test(w);
    while (kept.length && joining(kept[0]!)) kept.shift();
    while (kept.length && joining(kept[kept.length - 1]!)) kept.pop();
    const meaningful = kept.filter((w) => !NOT_NAMES.has(w.toLowerCase()) && !isVocabulary(w));
    const whole = run.join(' ').toLowerCase();
    const isTerm = GLOSSARY.some((entry) => entry.mentions.exec(whole)?.[0] === whole);
    if (meaningful.length >= 1 && !isTerm && !(runStartsSentence && run.length === 1)) {
      const phrase = kept.join(' ').replace(/[.'’]+$/, '');
      if (phrase.length >= 3) names.add(phrase);
    }
    run = [];
  };
  let sentenceStart = true;
  for (const m of words) {
    const w = m[0];
    if (/^[\p{Lu}]/u.test(w) || (run.length > 0 && /^\d/.test(w))) {
      if (run.length === 0) runStartsSentence = sentenceStart;
      run.push(w);
    } else if (run.length > 0 && /^(of|the|at|on|&|de|la)$/i.test(w)) {
      run.push(w);
    } else {
      // Small joining words may sit inside a name ('Bank of the West'); trailing ones are dropped in flush.
      while (run.length && /^(of|the|at|on|&|de|la)$/i.test(run[run.length - 1]!)) run.pop();
      flush();
    }
    sentenceStart = /[.!?]$/.test(w);
  }
  while (run.length && /^(of|the|at|on|&|de|la)$/i.test(run[run.length - 1]!)) run.pop();
  flush();
  return [...names].slice(0, 10);
}

// ── The whole question ──────────────────────────────────────────────────────────────────────

export function parseCriteria(question: string): OfferCriteria {
  const criteria: OfferCriteria = {};
  const text = question.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ');
  const plain = text.replace(TERM_PHRASES, ' ');

  const assetClasses = ASSET_CLASS_WORDS.filter(([, pattern]) => pattern.test(plain)).map(([value]) => value);
  if (assetClasses.length) criteria.assetClasses = assetClasses;
  const types = OFFER_TYPE_WORDS.filter(([, pattern]) => pattern.test(plain)).map(([value]) => value);
  if (types.length) criteria.types = types;
  const statuses = STATUS_WORDS.filter(([, pattern]) => pattern.test(plain)).map(([value]) => value);
  if (statuses.length) criteria.statuses = statuses;

  for (const bound of readBounds(text)) setBound(criteria, bound);

  const sort = readSort(text);
  if (sort) criteria.sort = sort;
  if (
    /\b(compare|comparison|comparing|vs\.?|versus|difference between|differences between|differ|side[- ]by[- ]side|how do .+ stack up)\b/.test(
      text,
    )
  )
    criteria.compare = true;

  const names = readNames(question);
  if (names.length) criteria.names = names;
  return criteria;
}

/** True when the criteria narrow the offers (a filter, not only a ranking or a comparison). */
export function hasFilters(criteria: OfferCriteria): boolean {
  return (
    Boolean(criteria.assetClasses?.length || criteria.types?.length || criteria.statuses?.length) ||
    [
      criteria.irrAbove,
      criteria.irrAtMost,
      criteria.equityMultipleAbove,
      criteria.equityMultipleAtMost,
      criteria.minimumInvestmentAtLeast,
      criteria.minimumInvestmentAtMost,
      criteria.holdingPeriodAtLeast,
      criteria.holdingPeriodAtMost,
    ].some((v) => v !== undefined)
  );
}
