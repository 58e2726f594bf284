import { z } from 'zod';
import data from './data/gics-2023.json' with { type: 'json' };

/** GICS 2023 (11 sectors → 25 industry groups → 74 industries → 163 sub-industries), codes hierarchical by prefix. */
export interface GicsNode {
  code: string;
  name: string;
}
interface Industry extends GicsNode {
  subIndustries: GicsNode[];
}
interface IndustryGroup extends GicsNode {
  industries: Industry[];
}
export interface GicsSector extends GicsNode {
  industryGroups: IndustryGroup[];
}

export const GICS_SECTORS: readonly GicsSector[] = (data as { sectors: GicsSector[] }).sectors;

const byCode = new Map<string, GicsNode>();
for (const s of GICS_SECTORS) {
  byCode.set(s.code, s);
  for (const g of s.industryGroups) {
    byCode.set(g.code, g);
    for (const i of g.industries) {
      byCode.set(i.code, i);
      for (const sub of i.subIndustries) byCode.set(sub.code, sub);
    }
  }
}

export const gicsName = (code: string | null | undefined): string => (code ? (byCode.get(code)?.name ?? code) : '');

/** The choices one level down from a parent code (sectors when no parent). */
export function gicsChildren(parent: string | null | undefined): GicsNode[] {
  if (!parent) return GICS_SECTORS.map(({ code, name }) => ({ code, name }));
  for (const s of GICS_SECTORS) {
    if (s.code === parent) return s.industryGroups.map(({ code, name }) => ({ code, name }));
    for (const g of s.industryGroups) {
      if (g.code === parent) return g.industries.map(({ code, name }) => ({ code, name }));
      for (const i of g.industries) if (i.code === parent) return i.subIndustries.map(({ code, name }) => ({ code, name }));
    }
  }
  return [];
}

const level = (digits: number, label: string) =>
  z
    .string()
    .regex(new RegExp(`^\\d{${digits}}$`), `${label} must be a ${digits}-digit GICS code`)
    .refine((c) => byCode.has(c), `Unknown GICS ${label.toLowerCase()}`)
    // The list the refinement checks, published.
    .meta({ enum: [...byCode.keys()].filter((code) => code.length === digits) });

/** sector → industryGroup → industry → subIndustry; each level must sit under the one above it. */
export const gics = z
  .object({
    sector: level(2, 'Sector').nullable(),
    industryGroup: level(4, 'Industry group').nullable(),
    industry: level(6, 'Industry').nullable(),
    subIndustry: level(8, 'Sub-industry').nullable(),
  })
  .superRefine((v, ctx) => {
    const chain = [v.sector, v.industryGroup, v.industry, v.subIndustry] as const;
    const names = ['sector', 'industryGroup', 'industry', 'subIndustry'] as const;
    for (let i = 1; i < chain.length; i++) {
      const code = chain[i];
      if (!code) continue;
      const parent = chain[i - 1];
      if (!parent || !code.startsWith(parent))
        ctx.addIssue({ code: 'custom', path: [names[i]!], message: `${names[i]} must belong to the chosen ${names[i - 1]}` });
    }
  })
  .meta({
    description:
      'GICS 2023 codes, each under the one above it (its code starts with the parent\'s): "industryGroup must belong to the chosen sector", "industry must belong to the chosen industryGroup", "subIndustry must belong to the chosen industry".',
  });
export type Gics = z.infer<typeof gics>;
export const EMPTY_GICS: Gics = { sector: null, industryGroup: null, industry: null, subIndustry: null };
