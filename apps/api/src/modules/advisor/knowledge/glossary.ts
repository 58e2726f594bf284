import {
  ADVISOR_LIMITS,
  HIGH_MINIMUM_ENTITY,
  HIGH_MINIMUM_INDIVIDUAL,
  formatOfferMoney,
  licenseTypeLabels,
  verificationMethodLabels,
} from '@tessera/domain';

/**
 * The advisor's glossary: the terms the platform's offers, cards and accreditation use, in plain words. Each entry
 * lists the phrases that mention it; `glossaryFor` returns the entries a question mentions, the most specific first.
 * Definitions state general facts and this platform's rules, never advice.
 */
export interface GlossaryEntry {
  term: string;
  /** Lower-case patterns that mention the term. */
  mentions: RegExp;
  definition: string;
}

const methods = verificationMethodLabels;
const licenses = Object.values(licenseTypeLabels).join(', ');

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'Accredited investor',
    mentions: /\baccredit(?:ed|ation)?\b|\bwho (?:counts|qualifies|can invest)\b|\brule 501\b|\b501\(a\)/,
    definition:
      'Under US SEC Rule 501(a) of Regulation D, an accredited investor is, among others: a person with income over $200,000 ' +
      '(or $300,000 jointly with a spouse or spousal equivalent) in each of the last two years who expects the same this year; ' +
      'a person with a net worth over $1,000,000, alone or jointly, not counting their primary residence; a holder in good ' +
      `standing of the Series 7, Series 65 or Series 82 licence; a "knowledgeable employee" of the private fund offering the ` +
      'securities; and an entity (a company, trust, LLC or partnership) with more than $5,000,000 in assets not formed to buy ' +
      'the securities, or whose equity owners are all accredited. On this platform you apply through the accreditation wizard, ' +
      `showing one of these methods: ${Object.values(methods).join('; ')}. ` +
      'An approval is valid for one year from its review date, after which it reads as expired and can be renewed.',
  },
  {
    term: 'Accreditation on this platform',
    mentions:
      /\b(?:get|become|apply(?:ing)? for|renew(?:al)?|expire[sd]?|expiry|valid(?:ity)?|how long)\b.*\baccredit|\baccredit\w*\b.*\b(?:valid|expire|last|renew|methods?|letter|certificate|evaluator|how do i|apply)/,
    definition:
      'You apply as an individual or for a business. An individual qualifies by income (tax documents for the last two years, ' +
      'or a letter from an evaluator: a CPA, attorney, registered investment adviser or broker-dealer), by net worth (asset ' +
      `statements and a credit report), by a professional licence (${licenses}, with your CRD number), or by the high-minimum ` +
      `path: committing at least ${formatOfferMoney(HIGH_MINIMUM_INDIVIDUAL)} (${formatOfferMoney(HIGH_MINIMUM_ENTITY)} for an entity) ` +
      'to one offer with written statements that you are accredited and not financed by a third party (SEC staff letter of 12 March 2025). ' +
      'A business qualifies by its assets or because all its equity owners are accredited, and may show it with a letter on ' +
      'letterhead from an SEC-registered investment adviser, licensed attorney, CPA or enrolled agent. A reviewer approves or ' +
      'rejects the application; statuses read Not Applied, Application In Review, Verified Accredited Investor or Not Accredited. ' +
      'An approval is valid for one year from the review date; after that it reads Accreditation Expired and can be renewed.',
  },
  {
    term: 'IRR (internal rate of return) / target IRR',
    mentions: /\birrs?\b|\binternal rate of return\b/,
    definition:
      'The annualised return an investment earns over its life, taking into account when each dollar goes in and comes out ' +
      '(the discount rate at which the cash flows net to zero). A target IRR is the sponsor\u2019s projection, not a promise. ' +
      'An offer card shows the highest target IRR among the offer\u2019s classes.',
  },
  {
    term: 'Equity multiple',
    mentions: /\bequity multiples?\b|\bmultiples?\b|\bmoic\b/,
    definition:
      'Total cash distributed to an investor divided by the cash invested: 1.8x means every $1 invested returns $1.80 in total ' +
      '(the $1 back plus $0.80 of profit). Unlike IRR it ignores timing. An offer card shows the average equity multiple of its classes.',
  },
  {
    term: 'Cash-on-cash return',
    mentions: /\bcash[- ]on[- ]cash\b|\bcoc\b/,
    definition:
      'The yearly cash distributed to an investor divided by the cash invested, as a percent (e.g. $7,500 a year on $100,000 is 7.5%). ' +
      'It measures current income, not the final sale.',
  },
  {
    term: 'Preferred return',
    mentions: /\bpreferred returns?\b|\bpref\b|\bhurdle\b/,
    definition:
      'A return investors receive before the sponsor shares in the profits, e.g. an 8% preferred return. It is a priority of ' +
      'payment in the waterfall, not a guarantee: if the investment does not earn it, it is not paid.',
  },
  {
    term: 'Holding period',
    mentions: /\bhold(?:ing)? periods?\b|\bhold times?\b|\bhow long\b.*\b(?:hold|invested|locked)\b/,
    definition:
      'How long the sponsor expects to own the investment before selling or refinancing and returning capital, shown in months. ' +
      'Money is usually locked up for this period; an offer card shows the shortest holding period among its classes.',
  },
  {
    term: 'Minimum investment',
    mentions: /\bminimum investments?\b|\bmin(?:imum)? (?:check|ticket|amount)\b/,
    definition:
      'The smallest amount you can commit to a class of an offer. An offer card shows the lowest minimum among its classes; ' +
      'some classes also set a maximum investment.',
  },
  {
    term: 'Distribution frequency',
    mentions: /\bdistributions?\b|\bdistribution frequency\b|\bpayouts?\b/,
    definition:
      'How often an offer pays cash to its investors, in months (3 means quarterly, 12 yearly). The distribution share is the ' +
      'percent of distributable cash that goes to investors.',
  },
  {
    term: 'Upside split',
    mentions: /\bupside split\b|\bupside\b|\bprofit split\b|\bcarried interest\b|\bcarry\b|\bpromote\b/,
    definition:
      'How profits above the preferred return are divided between investors and the sponsor, e.g. a 70/30 split gives ' +
      'investors 70% and the sponsor 30% (the sponsor\u2019s share is often called the promote or carried interest).',
  },
  {
    term: 'Price per unit',
    mentions: /\bprice per (?:unit|share)\b|\bunit price\b|\bper unit\b/,
    definition:
      'The price of one unit (share) of a class; an investment buys a number of units. It is not a price per apartment or per square foot.',
  },
  {
    term: 'Annualised return',
    mentions: /\bannuali[sz]ed returns?\b|\baverage annual return\b/,
    definition:
      'The average yearly return over the holding period, as a percent. It is simpler than IRR and does not weigh when cash flows arrive.',
  },
  {
    term: 'Regulation D Rule 506(b)',
    mentions: /\b506\s*\(?b\)?|\breg(?:ulation)? d\b|\bprivate placements?\b/,
    definition:
      'A US exemption from registering a securities offering. Under 506(b) the issuer may not advertise the offering generally, ' +
      'may sell to any number of accredited investors and up to 35 non-accredited but sophisticated investors, and files a ' +
      'Form D with the SEC. Investors\u2019 accredited status may be self-certified.',
  },
  {
    term: 'Regulation D Rule 506(c)',
    mentions: /\b506\s*\(?c\)?|\breg(?:ulation)? d\b|\bgeneral solicitation\b/,
    definition:
      'A US exemption that allows an offering to be advertised publicly (general solicitation), but every investor must be ' +
      'accredited and the issuer must take reasonable steps to verify it, which is what this platform\u2019s accreditation review provides.',
  },
  {
    term: 'Regulation Crowdfunding (Reg CF)',
    mentions: /\breg(?:ulation)? cf\b|\bcrowdfunding\b/,
    definition:
      'A US exemption letting companies raise up to $5 million in 12 months from anyone, accredited or not, through a ' +
      'registered funding portal or broker-dealer, with limits on how much non-accredited investors may invest each year.',
  },
  {
    term: 'Regulation A+ (Reg A+)',
    mentions: /\breg(?:ulation)? a\+?(?=\W|$)|\bmini[- ]ipo\b/,
    definition:
      'A US exemption for offerings qualified by the SEC: Tier 1 up to $20 million and Tier 2 up to $75 million in 12 months, ' +
      'open to non-accredited investors (Tier 2 limits them to 10% of income or net worth unless the securities are listed).',
  },
  {
    term: 'Offer status (upcoming, open, closed)',
    mentions: /\b(?:offer|listing) status\b|\bupcoming\b|\bstatus(?:es)?\b|\bwhat does (?:open|closed|upcoming) mean\b/,
    definition:
      'Derived from an offer\u2019s dates: upcoming when its open date is still ahead; open once the open date has passed and ' +
      'until its close date (or with no close date); closed once the close date has passed. An offer with no dates shows no status.',
  },
  {
    term: 'Asset class',
    mentions: /\basset class(?:es)?\b|\bproperty types?\b|\bsectors?\b/,
    definition:
      'The kind of asset an offer invests in: multifamily, single-family homes, townhomes, hospitality, industrial, retail, ' +
      'office, mixed-use, land development, self storage, senior living, student housing, mobile home parks, and non-property ' +
      'classes such as private equity, venture capital, hedge funds, infrastructure and natural resources.',
  },
  {
    term: 'Offer type (strategy)',
    mentions: /\boffer types?\b|\binvestment strateg(?:y|ies)\b|\bvalue[- ]add\b|\bcore[- ]plus\b|\bopportunistic\b/,
    definition:
      'The business plan of an offer: core (stable, lower risk), stabilized acquisition, value-add (improve the asset to raise ' +
      'income), opportunistic, distressed, new construction and development projects (higher risk), fix-and-flip, sale-leaseback, ' +
      'joint venture, debt investment, wholesale and fund of funds.',
  },
  {
    term: 'Sponsor',
    mentions: /\bsponsors?\b|\bgeneral partners?\b|\bgps?\b|\bsyndicators?\b|\bissuers?\b|\binstitutions?\b/,
    definition:
      'The firm that finds, runs and sells the investment (the general partner or issuer; an institution on this marketplace). ' +
      'Investors are limited partners: they put in capital but do not run the deal.',
  },
  {
    term: 'Capital stack',
    mentions: /\bcapital stack\b/,
    definition:
      'The layers of money funding a deal, paid back in order: senior debt first, then mezzanine debt, then preferred equity, ' +
      'then common equity last. Lower layers take more risk for a higher expected return.',
  },
  {
    term: 'Preferred equity',
    mentions: /\bpreferred equity\b|\bpref equity\b/,
    definition:
      'Equity that is paid its return and capital back before common equity, but after all debt. It usually has a fixed ' +
      'preferred return and less upside than common equity.',
  },
  {
    term: 'Mezzanine debt',
    mentions: /\bmezzanine\b|\bmezz\b/,
    definition:
      'A loan that sits between the senior mortgage and the equity in the capital stack: paid after the senior lender, ' +
      'before any equity, at a higher interest rate than senior debt.',
  },
  {
    term: 'Common equity',
    mentions: /\bcommon equity\b/,
    definition: 'Ownership paid last in the capital stack, after all debt and preferred equity, with the most risk and the most upside.',
  },
  {
    term: 'Distribution waterfall',
    mentions: /\bwaterfalls?\b/,
    definition:
      'The order in which an investment\u2019s cash is paid out: usually capital back to investors, then the preferred return, ' +
      'then a catch-up for the sponsor if any, then the remaining profits split by the upside split.',
  },
  {
    term: 'Schedule K-1',
    mentions: /\bk-?1s?\b|\bschedule k\b|\btax forms?\b/,
    definition:
      'The US tax form a partnership or LLC sends each investor every year with their share of its income, losses and ' +
      'deductions. Investors in most private real estate offers receive a K-1 instead of a 1099.',
  },
  {
    term: 'Private placement memorandum (PPM)',
    mentions: /\bppms?\b|\bprivate placement memorand(?:um|a)\b|\boffering memorand(?:um|a)\b/,
    definition:
      'The offering\u2019s legal disclosure document: the business plan, terms, fees, conflicts of interest and risks. Every offer ' +
      'on this platform must attach one, with an operating agreement, a subscription agreement and wire instructions, before it is published.',
  },
  {
    term: 'Subscription agreement',
    mentions: /\bsubscription agreements?\b|\bsubscription docs?\b/,
    definition:
      'The contract an investor signs to buy into an offer, stating the amount and their representations (such as being accredited). ' +
      'On this platform it is signed electronically in the investment workflow.',
  },
  {
    term: 'Operating agreement',
    mentions: /\boperating agreements?\b|\blpa\b|\blimited partnership agreement\b/,
    definition:
      'The governing contract of the LLC (or partnership) that holds the investment: who manages it, how cash is distributed, ' +
      'voting, transfers and fees.',
  },
  {
    term: 'Capital raise',
    mentions: /\bcapital raise\b|\braise (?:target|amount)\b|\bhow much .* rais/,
    definition: 'The amount of equity the sponsor is raising from investors for an offer, often with a minimum and a maximum.',
  },
];

/** Enough entries to answer one question; the model does not need the whole glossary. */
const MOST = 4;

/**
 * The entries a question mentions, in the order of the glossary (broad before narrow where both match), at most four.
 * An entry whose every mention is inside a longer mention of another entry is dropped ('preferred equity' is not
 * also 'equity multiple').
 */
export function glossaryFor(question: string): { term: string; definition: string }[] {
  const text = question.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').slice(0, ADVISOR_LIMITS.messageMax);
  const found = GLOSSARY.filter((entry) => entry.mentions.test(text));
  // 'preferred return' and 'return' or 'mezzanine debt' and 'debt': keep the specific term when the general one is only mentioned through it.
  const specific = found.filter(
    (entry) =>
      !(entry.term === 'Sponsor' && found.length > 1) &&
      !(entry.term === 'Regulation D Rule 506(b)' && /\b506\s*\(?c\)?/.test(text) && !/\b506\s*\(?b\)?/.test(text)) &&
      !(entry.term === 'Regulation D Rule 506(c)' && /\b506\s*\(?b\)?/.test(text) && !/\b506\s*\(?c\)?/.test(text)) &&
      !(entry.term === 'Equity multiple' && /\b(?:preferred|common) equity\b/.test(text) && !/\bmultiple|\bmoic\b/.test(text)) &&
      !(entry.term === 'Distribution frequency' && /\bwaterfall\b/.test(text)) &&
      !(entry.term === 'Offer status (upcoming, open, closed)' && !/\bstatus|\bmean\b|\bupcoming\b/.test(text)),
  );
  return specific.slice(0, MOST).map(({ term, definition }) => ({ term, definition }));
}
