import {
  blankOfferClass,
  type BrandingMessaging,
  type CustomMetric,
  type InstitutionType,
  type OfferAssetClass,
  type OfferClass,
  type OfferEquityType,
  type OfferType,
  type SecuritiesExemption,
} from '@tessera/domain';
import type { Palette, Portrait, Scene } from './art.ts';

/**
 * What the demo tenants hold: institutions, their team and their offers, each offer at one step of its lifecycle.
 * seed.ts writes it on the first start; render.ts draws its pictures (assets/, committed) from the same entries.
 */

/**
 * - listed: approved, published and visible on the marketplace (with the four required documents);
 * - draft: pending, without documents; in-review: pending with every document, waiting for an owner's approval;
 * - approved: approved, not yet published; rejected: sent back by an owner.
 */
export type DemoStage = 'listed' | 'draft' | 'in-review' | 'approved' | 'rejected';

export interface DemoPerson {
  slug: string;
  firstname: string;
  lastname: string;
  title: string;
  portrait: Portrait;
}

export interface DemoOffer {
  slug: string;
  name: string;
  scene: Scene;
  stage: DemoStage;
  type: OfferType;
  assetClass: OfferAssetClass;
  equityType: OfferEquityType;
  exemptions: SecuritiesExemption[];
  /** Days from the first start; null for none. */
  open: number | null;
  close: number | null;
  descriptionShort: string;
  description: string;
  classes: OfferClass[];
  metrics: [string, string][];
  raise: [min: number, max: number, total: number];
  cta?: { label: string; url: string };
  secondaryCta?: { label: string; url: string };
}

export interface DemoInstitution {
  slug: string;
  name: string;
  type: InstitutionType;
  emblem: 'peak' | 'wave' | 'leaf' | 'spark' | 'arch';
  /** The demo owner is on this institution's team (so Raise mode offers it). */
  ownerOnTeam: boolean;
  descriptionShort: string;
  description: string;
  metrics: [string, string][];
  team: DemoPerson[];
  offers: DemoOffer[];
}

export interface DemoTenant {
  slug: string;
  palette: Palette;
  /** The investor dashboard's welcome and promo cards (branding/messaging); the default ones when absent. */
  messaging?: BrandingMessaging;
  institutions: DemoInstitution[];
  /** Offers the marketplace's showcase shows first, by slug. */
  handpicked: string[];
}

export const metricsOf = (pairs: [string, string][]): CustomMetric[] =>
  pairs.map(([key, value], position) => ({ id: key.toLowerCase().replace(/[^a-z0-9]+/g, '-'), key, value, position, hidden: false }));

const person = (first: string, last: string, title: string, portrait: Portrait): DemoPerson => ({
  slug: `${first}-${last}`.toLowerCase(),
  firstname: first,
  lastname: last,
  title,
  portrait,
});

const cls = blankOfferClass;

const SUMMIT: DemoInstitution = {
  slug: 'summit-ridge-capital',
  name: 'Summit Ridge Capital',
  type: 'fund',
  emblem: 'peak',
  ownerOnTeam: true,
  descriptionShort: 'A Denver real estate fund buying and improving mid-size apartment communities and light-industrial sites.',
  description:
    '<h2>Who we are</h2><p>Summit Ridge Capital has acquired and repositioned <strong>4,200 apartment units</strong> and 1.8 million square feet of light-industrial space across the Mountain West since 2011.</p><h3>How we invest</h3><ul><li>Workforce housing bought below replacement cost</li><li>Hands-on renovation run by our own construction team</li><li>Conservative, fixed-rate debt and quarterly reporting</li></ul><p>Every deal is co-invested by the partners: <em>at least 5% of the equity</em> comes from our own balance sheet.</p>',
  metrics: [
    ['Founded', '2011'],
    ['Assets under management', '$1.2B'],
    ['Realised deals', '31'],
  ],
  team: [
    person('Maya', 'Chen', 'Managing Partner', { skin: '#f1c9a5', hair: '#1f1a17', hairStyle: 'long', shirt: '#1a3a65' }),
    person('Daniel', 'Okafor', 'Head of Acquisitions', {
      skin: '#8d5a3b',
      hair: '#161210',
      hairStyle: 'short',
      shirt: '#5b7fa6',
      glasses: true,
    }),
  ],
  offers: [
    {
      slug: 'summit-ridge-apartments',
      name: 'Summit Ridge Apartments',
      scene: 'apartments',
      stage: 'listed',
      type: 'value-add',
      assetClass: 'multi-family',
      equityType: 'common-equity',
      exemptions: ['rule-506-c'],
      open: -30,
      close: 90,
      descriptionShort: 'A 248-unit Class B community in Aurora, CO, with a five-year renovation plan.',
      description:
        '<h2>The plan</h2><p>Renovate interiors and amenities of a <strong>248-unit</strong> community and bring rents to market over five years.</p><ul><li>94% occupied at purchase</li><li>Fixed-rate debt at 5.1% through 2031</li><li>$14,500 per unit of interior upgrades</li></ul><h3>The market</h3><p>Aurora added 11,000 jobs last year; rents of renovated units nearby are <em>$260 a month</em> above ours.</p><h3>The exit</h3><p>A sale or refinance in year five at a 5.75% cap rate.</p>',
      classes: [
        cls({
          id: 'class-a',
          name: 'Class A',
          minimumInvestment: 50_000,
          internalRateOfReturn: 16,
          equityMultiple: 1.9,
          holdingPeriod: 60,
          preferredReturn: 8,
          distributionFrequency: 3,
        }),
        cls({
          id: 'class-b',
          name: 'Class B',
          minimumInvestment: 250_000,
          internalRateOfReturn: 18,
          equityMultiple: 2.1,
          holdingPeriod: 60,
          preferredReturn: 9,
          distributionFrequency: 3,
        }),
      ],
      metrics: [
        ['Units', '248'],
        ['Occupancy', '94%'],
        ['Year built', '1986'],
      ],
      raise: [5_000_000, 15_000_000, 3_200_000],
      cta: { label: 'Invest Now', url: 'https://summitridge.example/invest' },
      secondaryCta: { label: 'Book a call', url: 'https://summitridge.example/call' },
    },
    {
      slug: 'lakeside-storage-portfolio',
      name: 'Lakeside Storage Portfolio',
      scene: 'storage',
      stage: 'listed',
      type: 'stabalized-acquisition',
      assetClass: 'storage-facilities',
      equityType: 'preferred-equity',
      exemptions: ['rule-506-b'],
      open: 14,
      close: 104,
      descriptionShort: 'Six climate-controlled self-storage facilities around Fort Collins, 91% leased.',
      description:
        '<p>A stabilised portfolio of <strong>2,900 units</strong> with room to raise rents toward the market.</p><h3>Why storage</h3><ul><li>Month-to-month leases reprice with inflation</li><li>Low capital needs: no kitchens, no roofs over people</li><li>Third-party management by a national operator</li></ul>',
      classes: [
        cls({
          id: 'pref',
          name: 'Preferred',
          minimumInvestment: 25_000,
          internalRateOfReturn: 12.5,
          equityMultiple: 1.6,
          holdingPeriod: 48,
          preferredReturn: 7,
        }),
      ],
      metrics: [
        ['Facilities', '6'],
        ['Units', '2,900'],
        ['Leased', '91%'],
      ],
      raise: [2_000_000, 6_000_000, 0],
      cta: { label: 'Reserve a spot', url: 'https://summitridge.example/lakeside' },
    },
    {
      slug: 'granite-logistics-park',
      name: 'Granite Logistics Park',
      scene: 'logistics',
      stage: 'listed',
      type: 'core-investment',
      assetClass: 'industrial',
      equityType: 'common-equity',
      exemptions: ['rule-506-c'],
      open: -10,
      close: 50,
      descriptionShort: 'Three leased last-mile warehouses off I-70, with ten-year tenants.',
      description:
        '<h2>Income from day one</h2><p>Three warehouses of <strong>412,000 sq ft</strong> in all, fully leased to a parcel carrier, a building-supply distributor and a grocer.</p><ul><li>Weighted lease term of 9.4 years</li><li>3% annual rent increases</li><li>Tenants pay taxes, insurance and upkeep (NNN)</li></ul>',
      classes: [
        cls({ id: 'lp', name: 'LP units', minimumInvestment: 100_000, internalRateOfReturn: 10, equityMultiple: 1.5, holdingPeriod: 84 }),
        cls({
          id: 'lp-plus',
          name: 'LP plus',
          minimumInvestment: 500_000,
          internalRateOfReturn: 11,
          equityMultiple: 1.6,
          holdingPeriod: 84,
        }),
      ],
      metrics: [
        ['Square feet', '412,000'],
        ['Lease term', '9.4 years'],
      ],
      raise: [10_000_000, 30_000_000, 12_500_000],
      cta: { label: 'Invest Now', url: 'https://summitridge.example/granite' },
    },
    {
      slug: 'ridge-logistics-center',
      name: 'Ridge Logistics Center',
      scene: 'construction',
      stage: 'draft',
      type: 'development-project',
      assetClass: 'industrial',
      equityType: 'common-equity',
      exemptions: [],
      open: null,
      close: null,
      descriptionShort: 'A 180,000 sq ft last-mile warehouse near Denver International Airport.',
      description: '<p>Ground-up development on 14 acres zoned for industrial use; entitlement expected this spring.</p>',
      classes: [],
      metrics: [],
      raise: [0, 0, 0],
    },
    {
      slug: 'willow-creek-senior-living',
      name: 'Willow Creek Senior Living',
      scene: 'senior-living',
      stage: 'in-review',
      type: 'value-add',
      assetClass: 'senior-living-facilities',
      equityType: 'common-equity',
      exemptions: ['rule-506-b'],
      open: 21,
      close: 111,
      descriptionShort: 'A 120-bed assisted living and memory care community in Boulder, operated by a regional leader.',
      description:
        '<h2>Care first</h2><p>Willow Creek is <strong>120 beds</strong> of assisted living and memory care on six landscaped acres.</p><ul><li>Occupancy 86%, up from 71% two years ago</li><li>New operator with 40 communities in the region</li><li>Memory-care wing to be added in year two</li></ul>',
      classes: [
        cls({
          id: 'common',
          name: 'Common',
          minimumInvestment: 50_000,
          internalRateOfReturn: 15,
          equityMultiple: 1.8,
          holdingPeriod: 72,
          preferredReturn: 8,
          distributionFrequency: 3,
        }),
      ],
      metrics: [
        ['Beds', '120'],
        ['Occupancy', '86%'],
      ],
      raise: [4_000_000, 9_000_000, 0],
      cta: { label: 'Invest Now', url: 'https://summitridge.example/willow' },
    },
  ],
};

const HARBOR: DemoInstitution = {
  slug: 'harbor-point-credit',
  name: 'Harbor Point Credit',
  type: 'lender',
  emblem: 'wave',
  ownerOnTeam: false,
  descriptionShort: 'A Boston private credit manager lending senior secured loans to middle-market real estate owners.',
  description:
    '<p>Harbor Point Credit has originated <strong>$900M</strong> of senior loans since 2015 without a principal loss.</p><h3>Our loans</h3><ul><li>First liens at 65% loan-to-value or less</li><li>Terms of 12 to 36 months, floating rate</li><li>Monthly interest paid to investors</li></ul>',
  metrics: [
    ['Founded', '2015'],
    ['Loans originated', '$900M'],
    ['Principal losses', 'None'],
  ],
  team: [
    person('Rachel', 'Goldberg', 'Chief Investment Officer', { skin: '#f3d2b8', hair: '#8a4b2a', hairStyle: 'bun', shirt: '#0b4f8a' }),
    person('Marcus', 'Bell', 'Portfolio Manager', { skin: '#6e4530', hair: '#1b1b1b', hairStyle: 'bald', shirt: '#2e4a62' }),
  ],
  offers: [
    {
      slug: 'harbor-point-senior-loan-fund-i',
      name: 'Harbor Point Senior Loan Fund I',
      scene: 'harbor',
      stage: 'listed',
      type: 'debt-investment',
      assetClass: 'mixed-use',
      equityType: 'debt',
      exemptions: ['rule-506-c', 'ica-3-c-7'],
      open: -45,
      close: 45,
      descriptionShort: 'First-lien bridge loans on mixed-use properties in New England, paid monthly.',
      description:
        '<h2>Steady monthly income</h2><p>A pool of <strong>22 first-lien loans</strong> on mixed-use buildings from Portland to Providence.</p><ul><li>Average loan-to-value of 58%</li><li>Floating rates of SOFR plus 4.5% to 6%</li><li>No loan above 8% of the fund</li></ul>',
      classes: [
        cls({
          id: 'income',
          name: 'Income',
          minimumInvestment: 50_000,
          internalRateOfReturn: 9,
          equityMultiple: 1.3,
          holdingPeriod: 36,
          distributionFrequency: 1,
        }),
        cls({
          id: 'institutional',
          name: 'Institutional',
          minimumInvestment: 1_000_000,
          internalRateOfReturn: 10.5,
          holdingPeriod: 36,
          distributionFrequency: 1,
        }),
      ],
      metrics: [
        ['Loans', '22'],
        ['Average LTV', '58%'],
      ],
      raise: [20_000_000, 75_000_000, 41_000_000],
      cta: { label: 'Invest Now', url: 'https://harborpoint.example/invest' },
    },
    {
      slug: 'cedar-point-hotel',
      name: 'Cedar Point Hotel',
      scene: 'hotel',
      stage: 'listed',
      type: 'opportunistic-investment',
      assetClass: 'hospitality',
      equityType: 'common-equity',
      exemptions: ['rule-506-b'],
      open: -120,
      close: -20,
      descriptionShort: 'A 160-key lakeside hotel repositioned under a new flag; fully subscribed.',
      description:
        '<p>A <strong>160-key</strong> lakeside hotel bought out of receivership and reflagged as an upscale resort.</p><ul><li>New restaurant, spa and lakefront event lawn</li><li>RevPAR up 38% since the reflag</li></ul><p><em>Fully subscribed: thank you to every investor.</em></p>',
      classes: [
        cls({ id: 'common', name: 'Common', minimumInvestment: 75_000, internalRateOfReturn: 21, equityMultiple: 2.4, holdingPeriod: 60 }),
      ],
      metrics: [
        ['Keys', '160'],
        ['RevPAR growth', '38%'],
      ],
      raise: [8_000_000, 12_000_000, 12_000_000],
    },
    {
      slug: 'harbor-point-mezzanine-fund',
      name: 'Harbor Point Mezzanine Fund',
      scene: 'office',
      stage: 'rejected',
      type: 'debt-investment',
      assetClass: 'office-spaces',
      equityType: 'mezzanine-debt',
      exemptions: ['rule-506-c'],
      open: 30,
      close: 120,
      descriptionShort: 'Mezzanine loans on suburban office buildings; sent back for a clearer risk section.',
      description: '<p>Mezzanine loans behind senior lenders on <strong>suburban office</strong> buildings in Greater Boston.</p>',
      classes: [
        cls({
          id: 'mezz',
          name: 'Mezzanine',
          minimumInvestment: 100_000,
          internalRateOfReturn: 13,
          holdingPeriod: 36,
          distributionFrequency: 1,
        }),
      ],
      metrics: [['Target coupon', '12%']],
      raise: [5_000_000, 20_000_000, 0],
    },
  ],
};

const EVERGREEN: DemoInstitution = {
  slug: 'evergreen-energy-partners',
  name: 'Evergreen Energy Partners',
  type: 'fund',
  emblem: 'leaf',
  ownerOnTeam: true,
  descriptionShort: 'An Austin infrastructure manager owning operating wind and solar farms with long-term power contracts.',
  description:
    '<h2>Clean power, contracted</h2><p>Evergreen owns <strong>1.4 GW</strong> of operating wind and solar capacity across Texas, Oklahoma and Arizona.</p><ul><li>Power sold to utilities under 15- to 20-year contracts</li><li>Assets bought once built: no construction risk</li><li>In-house asset management and weather hedging</li></ul>',
  metrics: [
    ['Founded', '2014'],
    ['Operating capacity', '1.4 GW'],
    ['Homes powered', '410,000'],
  ],
  team: [
    person('Sofia', 'Ramirez', 'Founding Partner', { skin: '#d9a57c', hair: '#2d1b12', hairStyle: 'curly', shirt: '#2e7d32' }),
    person('Tom', 'Lindqvist', 'Director of Operations', { skin: '#f5d6c1', hair: '#d8b36a', hairStyle: 'short', shirt: '#37474f' }),
  ],
  offers: [
    {
      slug: 'prairie-wind-portfolio',
      name: 'Prairie Wind Portfolio',
      scene: 'wind',
      stage: 'listed',
      type: 'core-investment',
      assetClass: 'infrastructure',
      equityType: 'common-equity',
      exemptions: ['rule-506-c'],
      open: -20,
      close: 70,
      descriptionShort: 'Three operating wind farms in Oklahoma (312 MW) selling power under 18-year utility contracts.',
      description:
        '<h2>What you own</h2><p>A share of <strong>three wind farms</strong> totalling 312 MW, operating since 2019.</p><ul><li>Contracted revenue for 18 more years</li><li>Turbines under full-service warranty to 2029</li><li>Quarterly distributions from year one</li></ul><h3>Risks</h3><p>Wind varies year to year; the budget assumes the <em>P90 case</em>, the output beaten nine years in ten.</p>',
      classes: [
        cls({
          id: 'class-a',
          name: 'Class A',
          minimumInvestment: 25_000,
          internalRateOfReturn: 11,
          equityMultiple: 1.9,
          holdingPeriod: 120,
          distributionFrequency: 3,
          cashOnCash: 8,
        }),
      ],
      metrics: [
        ['Capacity', '312 MW'],
        ['Contract term left', '18 years'],
      ],
      raise: [10_000_000, 40_000_000, 18_700_000],
      cta: { label: 'Invest Now', url: 'https://evergreen.example/prairie' },
    },
    {
      slug: 'sonoran-solar-fund-ii',
      name: 'Sonoran Solar Fund II',
      scene: 'solar',
      stage: 'listed',
      type: 'joint-venture',
      assetClass: 'natural-resources',
      equityType: 'preferred-equity',
      exemptions: ['rule-506-c'],
      open: 10,
      close: 100,
      descriptionShort: 'Preferred equity in 240 MW of Arizona solar with battery storage, contracted to a state utility.',
      description:
        '<p>Preferred equity in <strong>240 MW</strong> of solar and 120 MWh of batteries near Tucson.</p><ul><li>8% preferred return, paid first</li><li>Twenty-year contract with an investment-grade utility</li><li>Batteries earn evening peak prices</li></ul>',
      classes: [
        cls({
          id: 'pref',
          name: 'Preferred',
          minimumInvestment: 50_000,
          internalRateOfReturn: 12,
          equityMultiple: 1.7,
          holdingPeriod: 84,
          preferredReturn: 8,
          distributionFrequency: 3,
        }),
      ],
      metrics: [
        ['Capacity', '240 MW'],
        ['Storage', '120 MWh'],
      ],
      raise: [15_000_000, 50_000_000, 0],
      cta: { label: 'Reserve a spot', url: 'https://evergreen.example/sonoran' },
    },
  ],
};

const MERIDIAN: DemoInstitution = {
  slug: 'meridian-ventures',
  name: 'Meridian Ventures',
  type: 'fund',
  emblem: 'spark',
  ownerOnTeam: false,
  descriptionShort: 'A seed-stage venture fund backing software founders in fintech, climate and health.',
  description:
    '<h2>Early, and hands-on</h2><p>Meridian has backed <strong>74 companies</strong> at seed since 2016; nine have been acquired and two listed.</p><ul><li>First cheques of $500K to $2M</li><li>Reserves for follow-on rounds</li><li>A platform team for hiring and sales</li></ul>',
  metrics: [
    ['Founded', '2016'],
    ['Companies backed', '74'],
    ['Exits', '11'],
  ],
  team: [
    person('Priya', 'Nair', 'General Partner', { skin: '#b27a56', hair: '#120d0b', hairStyle: 'long', shirt: '#4a148c', glasses: true }),
    person('James', 'Whitfield', 'Partner', { skin: '#f0cfb4', hair: '#5a3a22', hairStyle: 'short', shirt: '#263238' }),
  ],
  offers: [
    {
      slug: 'meridian-seed-fund-iii',
      name: 'Meridian Seed Fund III',
      scene: 'tech',
      stage: 'listed',
      type: 'fund-of-funds',
      assetClass: 'venture-capital',
      equityType: 'common-equity',
      exemptions: ['rule-506-c', 'ica-3-c-1'],
      open: -15,
      close: 120,
      descriptionShort: 'Thirty seed investments over three years in software for finance, climate and health.',
      description:
        '<h2>The fund</h2><p>Around <strong>30 seed investments</strong> over three years, with half the fund kept for follow-on rounds.</p><ul><li>2% management fee, 20% carried interest</li><li>Ten-year term with two one-year extensions</li><li>Annual meeting and quarterly letters</li></ul><p>Venture returns come from a few outliers: <em>expect most companies to fail</em>.</p>',
      classes: [
        cls({
          id: 'lp',
          name: 'LP interests',
          minimumInvestment: 100_000,
          internalRateOfReturn: 25,
          equityMultiple: 3,
          holdingPeriod: 120,
        }),
      ],
      metrics: [
        ['Fund size', '$60M target'],
        ['Companies', '~30'],
      ],
      raise: [30_000_000, 60_000_000, 22_400_000],
      cta: { label: 'Invest Now', url: 'https://meridian.example/fund-iii' },
    },
    {
      slug: 'napa-ridge-vineyards',
      name: 'Napa Ridge Vineyards',
      scene: 'vineyard',
      stage: 'approved',
      type: 'sale-leaseback',
      assetClass: 'leisure',
      equityType: 'revenue-share',
      exemptions: ['rule-506-b'],
      open: 40,
      close: 130,
      descriptionShort: 'A revenue share in 180 acres of Napa Valley vineyards leased back to a family winery.',
      description:
        '<p><strong>180 acres</strong> of Cabernet vineyards bought from a family winery and leased back for 25 years.</p><ul><li>Rent plus 4% of bottle revenue</li><li>Land values in the valley up 6% a year since 2000</li></ul>',
      classes: [
        cls({
          id: 'share',
          name: 'Revenue share',
          minimumInvestment: 50_000,
          internalRateOfReturn: 10,
          equityMultiple: 1.8,
          holdingPeriod: 96,
          distributionFrequency: 6,
        }),
      ],
      metrics: [
        ['Acres', '180'],
        ['Lease', '25 years'],
      ],
      raise: [6_000_000, 14_000_000, 0],
    },
  ],
};

const NORTHWIND_RE: DemoInstitution = {
  slug: 'northwind-real-estate-partners',
  name: 'Northwind Real Estate Partners',
  type: 'fund',
  emblem: 'arch',
  ownerOnTeam: true,
  descriptionShort: 'A Seattle manager of income-focused apartments, student housing and neighbourhood retail.',
  description:
    '<h2>Income first</h2><p>Northwind owns <strong>$640M</strong> of Pacific Northwest real estate chosen for steady cash flow.</p><ul><li>Monthly distributions since 2013</li><li>Average leverage below 55%</li><li>Local teams in Seattle, Portland and Boise</li></ul>',
  metrics: [
    ['Founded', '2009'],
    ['Assets under management', '$640M'],
  ],
  team: [
    person('Hannah', 'Park', 'Managing Director', { skin: '#f2cfae', hair: '#15110f', hairStyle: 'bun', shirt: '#0b6e4f' }),
    person('Luis', 'Moreno', 'Asset Manager', { skin: '#c68e63', hair: '#1d140f', hairStyle: 'curly', shirt: '#3e5c50', glasses: true }),
  ],
  offers: [
    {
      slug: 'cascade-student-housing',
      name: 'Cascade Student Housing',
      scene: 'campus',
      stage: 'listed',
      type: 'value-add',
      assetClass: 'student-housing',
      equityType: 'common-equity',
      exemptions: ['rule-506-c'],
      open: -12,
      close: 60,
      descriptionShort: 'A 612-bed student community two blocks from campus in Eugene, OR, pre-leased at 97%.',
      description:
        '<h2>Beds near campus</h2><p><strong>612 beds</strong> in 188 units, two blocks from the university, pre-leased at 97% for the coming year.</p><ul><li>Study rooms and a fitness centre added this summer</li><li>Rent by the bed with parental guarantees</li><li>Enrolment up four years running</li></ul>',
      classes: [
        cls({
          id: 'class-a',
          name: 'Class A',
          minimumInvestment: 25_000,
          internalRateOfReturn: 14,
          equityMultiple: 1.8,
          holdingPeriod: 60,
          preferredReturn: 7,
          distributionFrequency: 1,
        }),
      ],
      metrics: [
        ['Beds', '612'],
        ['Pre-leased', '97%'],
      ],
      raise: [6_000_000, 12_000_000, 7_300_000],
      cta: { label: 'Invest Now', url: 'https://northwind.example/cascade' },
    },
    {
      slug: 'bayview-office-conversion',
      name: 'Bayview Office Conversion',
      scene: 'office',
      stage: 'listed',
      type: 'opportunistic-investment',
      assetClass: 'office-spaces',
      equityType: 'common-equity',
      exemptions: ['rule-506-c'],
      open: -5,
      close: 85,
      descriptionShort: 'Turning a vacant 14-storey Tacoma office tower into 190 apartments, with city tax credits.',
      description:
        '<p>A <strong>14-storey</strong> office tower bought at $61 per square foot, to become 190 apartments over 30 months.</p><ul><li>Twelve-year property tax exemption granted</li><li>Fixed-price construction contract</li><li>Sale on completion and lease-up</li></ul>',
      classes: [
        cls({ id: 'common', name: 'Common', minimumInvestment: 50_000, internalRateOfReturn: 19, equityMultiple: 2.2, holdingPeriod: 48 }),
      ],
      metrics: [
        ['Apartments', '190'],
        ['Floors', '14'],
      ],
      raise: [9_000_000, 18_000_000, 2_100_000],
      cta: { label: 'Invest Now', url: 'https://northwind.example/bayview' },
    },
    {
      slug: 'riverside-townhomes',
      name: 'Riverside Townhomes',
      scene: 'townhomes',
      stage: 'listed',
      type: 'new-construction',
      assetClass: 'townhomes',
      equityType: 'preferred-equity',
      exemptions: ['rule-506-b'],
      open: 7,
      close: 97,
      descriptionShort: 'Forty-two build-to-rent townhomes on the Boise River, each with a garage and a yard.',
      description:
        '<p><strong>42 townhomes</strong> of three bedrooms, built to rent to families priced out of buying.</p><ul><li>Land owned, permits in hand</li><li>Construction loan closed at 7.1% fixed</li></ul>',
      classes: [
        cls({
          id: 'pref',
          name: 'Preferred',
          minimumInvestment: 25_000,
          internalRateOfReturn: 13,
          equityMultiple: 1.7,
          holdingPeriod: 60,
          preferredReturn: 9,
        }),
      ],
      metrics: [
        ['Homes', '42'],
        ['Bedrooms', '3'],
      ],
      raise: [3_000_000, 7_000_000, 0],
      cta: { label: 'Reserve a spot', url: 'https://northwind.example/riverside' },
    },
    {
      slug: 'maple-grove-retail-center',
      name: 'Maple Grove Retail Center',
      scene: 'retail',
      stage: 'listed',
      type: 'stabalized-acquisition',
      assetClass: 'retail',
      equityType: 'common-equity',
      exemptions: ['rule-506-b'],
      open: -150,
      close: -30,
      descriptionShort: 'A grocery-anchored neighbourhood centre in Spokane; closed and fully funded.',
      description:
        '<p>A <strong>96,000 sq ft</strong> centre anchored by a regional grocer, with a pharmacy and twelve local shops.</p><p><em>Closed: distributions began this quarter.</em></p>',
      classes: [
        cls({
          id: 'common',
          name: 'Common',
          minimumInvestment: 50_000,
          internalRateOfReturn: 12,
          equityMultiple: 1.7,
          holdingPeriod: 84,
          distributionFrequency: 3,
        }),
      ],
      metrics: [
        ['Square feet', '96,000'],
        ['Anchor', 'Grocery'],
      ],
      raise: [5_000_000, 8_000_000, 8_000_000],
    },
  ],
};

const NORTHWIND_CREDIT: DemoInstitution = {
  slug: 'northwind-private-credit',
  name: 'Northwind Private Credit',
  type: 'lender',
  emblem: 'wave',
  ownerOnTeam: false,
  descriptionShort: 'Short-term first-lien loans to experienced real estate operators in the Pacific Northwest.',
  description:
    '<p>Loans of <strong>$2M to $15M</strong> secured by a first lien, to owners we have known for years.</p><ul><li>Maximum 65% loan-to-value</li><li>Monthly interest to investors</li></ul>',
  metrics: [
    ['Loans to date', '146'],
    ['Average term', '18 months'],
  ],
  team: [person('Grace', 'Adeyemi', 'Head of Lending', { skin: '#7a4a2e', hair: '#0f0c0a', hairStyle: 'curly', shirt: '#0b6e4f' })],
  offers: [
    {
      slug: 'northwind-bridge-lending-fund',
      name: 'Northwind Bridge Lending Fund',
      scene: 'harbor',
      stage: 'listed',
      type: 'debt-investment',
      assetClass: 'mixed-use',
      equityType: 'debt',
      exemptions: ['rule-506-c'],
      open: -60,
      close: 30,
      descriptionShort: 'An evergreen fund of first-lien bridge loans paying 9% a year, monthly.',
      description:
        '<h2>Monthly income, secured</h2><p>An evergreen pool of <strong>first-lien bridge loans</strong> on apartments and mixed-use buildings.</p><ul><li>Target 9% net yield, paid monthly</li><li>Quarterly liquidity after a one-year lock-up</li></ul>',
      classes: [
        cls({
          id: 'income',
          name: 'Income',
          minimumInvestment: 25_000,
          internalRateOfReturn: 9,
          holdingPeriod: 12,
          distributionFrequency: 1,
        }),
      ],
      metrics: [
        ['Loans', '38'],
        ['Average LTV', '61%'],
      ],
      raise: [10_000_000, 50_000_000, 33_800_000],
      cta: { label: 'Invest Now', url: 'https://northwind.example/bridge' },
    },
    {
      slug: 'pine-hollow-rv-resort',
      name: 'Pine Hollow RV Resort',
      scene: 'resort',
      stage: 'in-review',
      type: 'value-add',
      assetClass: 'recreational',
      equityType: 'common-equity',
      exemptions: ['rule-506-b'],
      open: 20,
      close: 110,
      descriptionShort: 'A 210-site RV resort and cabins on a lake near Mount Hood, adding glamping tents.',
      description:
        '<p><strong>210 RV sites</strong> and 18 cabins on a private lake, open all year.</p><ul><li>Thirty glamping tents to be added</li><li>Online booking replacing the phone line</li></ul>',
      classes: [
        cls({ id: 'common', name: 'Common', minimumInvestment: 25_000, internalRateOfReturn: 17, equityMultiple: 2, holdingPeriod: 60 }),
      ],
      metrics: [['Sites', '210']],
      raise: [3_000_000, 6_000_000, 0],
    },
  ],
};

/**
 * 001 §2 Investor home dashboard: one tenant shows promo cards for two lenders, each with Learn More and Apply Now,
 * and an investor-inquiry card with Contact Us. The lenders are demo ones: Harbor Point Credit is a demo institution
 * (Learn More opens its marketplace page), Keystone Community Bank exists only on its card; Apply Now and Contact Us
 * write an e-mail to a reserved .example address.
 */
const DEMO_MESSAGING: BrandingMessaging = {
  welcomeTitle: 'Welcome to Tessera Demo',
  welcomeText:
    'Real estate, private credit, energy and venture offers from vetted sponsors. Verify your identity and accreditation once, then invest from one place.',
  promoCards: [
    {
      _id: '6745a1c2e4b0a1b2c3d4e601',
      title: 'Conventional Loan',
      body: 'From Harbor Point Credit.\nRates as low as 6-8%\nUp to 75% loan-to-value\nLoans up to $15M',
      buttons: [
        { label: 'Learn More', url: '/marketplace/institutions/harbor-point-credit' },
        { label: 'Apply Now', url: 'mailto:loans@harborpointcredit.example?subject=Conventional%20loan%20application' },
      ],
      hidden: false,
    },
    {
      _id: '6745a1c2e4b0a1b2c3d4e602',
      title: 'SBA Loan',
      body: 'From Keystone Community Bank.\nPrime + 2%\nUp to 90% loan-to-value\nLoans up to $5M',
      buttons: [
        { label: 'Learn More', url: 'https://www.sba.gov/funding-programs/loans/7a-loans' },
        { label: 'Apply Now', url: 'mailto:sba@keystonebank.example?subject=SBA%20loan%20application' },
      ],
      hidden: false,
    },
    {
      _id: '6745a1c2e4b0a1b2c3d4e603',
      title: 'Invest in Tessera',
      body: 'We are raising a round at the end of 2025. If you would like to invest in us, we would love to hear from you.',
      buttons: [{ label: 'Contact Us', url: 'mailto:investors@tessera.example?subject=Investor%20inquiry' }],
      hidden: false,
    },
  ],
};

export const DEMO_TENANTS: Record<'demo' | 'northwind', DemoTenant> = {
  demo: {
    slug: 'demo',
    palette: { primary: '#1A3A65', secondary: '#C4A880' },
    messaging: DEMO_MESSAGING,
    institutions: [SUMMIT, HARBOR, EVERGREEN, MERIDIAN],
    handpicked: ['summit-ridge-apartments', 'harbor-point-senior-loan-fund-i', 'lakeside-storage-portfolio'],
  },
  northwind: {
    slug: 'northwind',
    palette: { primary: '#0B6E4F', secondary: '#F2A541' },
    institutions: [NORTHWIND_RE, NORTHWIND_CREDIT],
    handpicked: ['cascade-student-housing', 'northwind-bridge-lending-fund'],
  },
};

/** The demo accounts' portraits (owner and investor), keyed by e-mail. */
export const ACCOUNT_PORTRAITS: Record<string, Portrait> = {
  'owner@demo.tessera.local': { skin: '#f0c8a8', hair: '#3b2418', hairStyle: 'long', shirt: '#1a3a65' },
  'investor@demo.tessera.local': { skin: '#d7a27a', hair: '#1e1712', hairStyle: 'short', shirt: '#5b7fa6', glasses: true },
};

/** Where the committed pictures live, and each one's file name. */
export const ASSET_DIR = new URL('./assets/', import.meta.url);
export const assetFile = {
  banner: (offerSlug: string) => `banner-${offerSlug}.webp`,
  logo: (institutionSlug: string) => `logo-${institutionSlug}.webp`,
  avatar: (personSlug: string) => `avatar-${personSlug}.webp`,
  account: (email: string) => `avatar-${email.split('@')[0]}.webp`,
  document: (offerSlug: string, type: string) => `documents/${offerSlug}-${type}.pdf`,
};
/** Offers past the draft carry the four required documents (002 §5). */
export const hasDocuments = (offer: DemoOffer) => offer.stage !== 'draft';
/** The date the demo documents carry. */
export const DOCUMENTS_DATED = new Date(Date.UTC(2026, 9, 15));
/** The legal entity that issues an offer's units, as its documents name it. */
export const issuerOf = (offer: DemoOffer) => `${offer.name}, ${/fund/i.test(offer.name) ? 'LP' : 'LLC'}`;
