/**
 * What gives away a journey that signs in as a demo account or reads the demo tenants (`npm start`'s demo data): the
 * journeys' server has none of it (DEMO_DATA=0), and each journey makes its own tenant (support/tenant.ts), so such a
 * reference is either a journey that fails or one that has started to share data again. specs/isolation.spec.ts runs
 * this over every spec and support file.
 */
const DEMO_REFERENCES: { pattern: RegExp; why: string }[] = [
  { pattern: /@demo\.tessera\.local/, why: 'a demo account' },
  { pattern: /demo-(owner|investor)-2026/, why: "a demo account's password" },
  { pattern: /\bDEMO_(OWNER|INVESTOR)\b/, why: 'a demo account' },
  { pattern: /(['"`])(demo|northwind)\1/, why: 'a demo tenant by slug' },
  { pattern: /\/tenant\/(demo|northwind)\b/, why: 'a demo tenant by slug' },
  { pattern: /\b(demo|northwind)\.localhost\b/, why: "a demo tenant's host" },
];

export interface DemoReference {
  line: number;
  text: string;
  why: string;
}

/** Every line of a source file that reaches for the demo tenants or accounts. */
export function demoReferences(source: string): DemoReference[] {
  const found: DemoReference[] = [];
  source.split('\n').forEach((text, index) => {
    for (const { pattern, why } of DEMO_REFERENCES) {
      if (pattern.test(text)) found.push({ line: index + 1, text: text.trim(), why });
    }
  });
  return found;
}
