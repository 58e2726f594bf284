import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { allow } from '../support/guard.ts';
import { seedListedOffer } from '../support/marketplace.ts';
import { expectToast, signInThroughUi } from '../support/session.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

/**
 * XSS vectors (the DOMPurify test-suite and OWASP cheat-sheet families: script, handlers, javascript: and data:
 * URLs, srcdoc, mXSS namespace confusion, raw-text breakouts, forms, meta refresh, base, object and embed, CSS,
 * DOM clobbering...). Every payload that would run calls window.__xss(n), n being its 1-based place in the file.
 */
const VECTORS = JSON.parse(readFileSync(new URL('../fixtures/xss-vectors.json', import.meta.url), 'utf8')) as string[];
/**
 * After each vector: whatever it left open (a quoted attribute, a comment, a raw-text element such as textarea or
 * style, foreign content, a table, a select) is closed, and a marker follows. Each vector so meets the parser in a
 * fresh state, instead of one unclosed element swallowing the rest of the corpus; the markers prove it did.
 */
const RESET = `'">--></textarea></title></style></script></xmp></noembed></noframes></noscript></iframe></template></select></option></table></svg></math></form></a>`;
const marker = (n: number) => `end of vector ${n}`;
const corpusOf = (numbers: number[]) => numbers.map((n) => `${VECTORS[n - 1]}${RESET}<p>${marker(n)}</p>`).join('\n');

const { newPage } = useBrowser();
const tag = `${Date.now().toString(36)}${process.pid}`;
const OFFER = {
  name: `XSS Corpus Offer ${tag}`,
  slug: `xss-corpus-${tag}`,
  assetClass: 'infrastructure',
  irr: 7,
  ctaUrl: `https://journey-cta.example/xss/${tag}`,
  institution: { name: `XSS Corpus Fund ${tag}`, slug: `xss-corpus-fund-${tag}` },
};

let tenant: JourneyTenant;
let ids: { offerId: string; institutionId: string };

beforeAll(async () => {
  expect(VECTORS.length).toBeGreaterThanOrEqual(60);
  tenant = await createJourneyTenant();
  ids = await seedListedOffer(tenant, OFFER);
});

/** Stores rich text the way an editor does: through the API, as the offer's description. */
const storeOfferDescription = (description: string) =>
  tenant.api('PUT', `/tenant/${tenant.tenantId}/offers/${ids.offerId}/details`, {
    token: tenant.owner.token,
    body: {
      name: OFFER.name,
      slug: OFFER.slug,
      type: null,
      assetClass: OFFER.assetClass,
      equityType: null,
      description,
      descriptionShort: 'An offer whose description is the XSS corpus.',
      fedExemptionExclusions: [],
    },
  });

const storeInstitutionDescription = (description: string) =>
  tenant.api('PUT', `/tenant/${tenant.tenantId}/institutions/${ids.institutionId}/details`, {
    token: tenant.owner.token,
    body: {
      name: OFFER.institution.name,
      slug: OFFER.institution.slug,
      type: 'fund',
      descriptionShort: 'A fund whose description is the XSS corpus.',
      description,
      customMetrics: [],
    },
  });

interface Trap {
  dialogs: string[];
  popups: string[];
  navigations: string[];
}

/** Before any page script: window.__xss counts calls, and dialogs, pop-ups and main-frame navigations are recorded. */
async function trap(page: Page): Promise<Trap> {
  // The corpus is hostile markup, not the app's: what survives sanitising may lack a link's text or an image's alt.
  allow(
    page,
    { axeRule: 'link-name', reason: "the XSS corpus' own links, some without text" },
    { axeRule: 'image-alt', reason: "the XSS corpus' own images, without alt" },
  );
  await page.addInitScript(() => {
    const w = window as unknown as { __xss(n?: number): void; __xssHits: unknown[]; __cspViolations: string[] };
    w.__xssHits = [];
    w.__cspViolations = [];
    w.__xss = (n) => void w.__xssHits.push(n ?? 'unnumbered');
    document.addEventListener('securitypolicyviolation', (e) => {
      // zod probes once whether eval is allowed (new Function(''), caught); that is the app's own code, not the corpus.
      if (e.blockedURI === 'eval' && e.violatedDirective === 'script-src') return;
      w.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample}`);
    });
  });
  const found: Trap = { dialogs: [], popups: [], navigations: [] };
  page.on('dialog', (dialog) => {
    found.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('popup', (popup) => void found.popups.push(popup.url()));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) found.navigations.push(frame.url());
  });
  return found;
}

/** What the rendered rich text holds that could run or mislead, and what the trap caught. */
async function inspect(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __xssHits: unknown[]; __cspViolations: string[]; __xss: unknown };
    const boxes = [...document.querySelectorAll('[data-testid="rich-text"]')];
    const inside = boxes.flatMap((box) => [...box.querySelectorAll('*')]);
    const describe = (el: Element) => el.outerHTML.slice(0, 160);
    return {
      boxes: boxes.length,
      hits: w.__xssHits,
      cspViolations: w.__cspViolations,
      trapIntact: typeof w.__xss === 'function' && typeof document.getElementById === 'function' && document.defaultView === window,
      // Only formatting tags may be left.
      tags: [...new Set(inside.map((el) => el.tagName.toLowerCase()))].sort(),
      handlers: inside.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map(describe),
      attributes: [...new Set(inside.flatMap((el) => [...el.attributes].map((a) => `${el.tagName.toLowerCase()}[${a.name}]`)))].sort(),
      // Every href an absolute http(s) address: no mailto:, javascript:, data:, vbscript: or relative trick.
      badLinks: inside.filter((el) => el.hasAttribute('href') && !/^https?:\/\//.test(el.getAttribute('href')!)).map(describe),
      anchorsWithHref: inside
        .filter((el) => el instanceof HTMLAnchorElement && el.protocol !== 'https:' && el.protocol !== 'http:' && el.hasAttribute('href'))
        .map(describe),
      // Clobbering: nothing in the rich text names itself.
      named: inside.filter((el) => el.hasAttribute('id') || el.hasAttribute('name')).map(describe),
      // Nothing the corpus could add anywhere in the page.
      foreign: [
        ...document.querySelectorAll('iframe, object, embed, frame, frameset, base, meta[http-equiv], isindex, template, noscript'),
      ].map(describe),
    };
  });
}

/** What the editor produces, and so all the sanitisers keep (apps/api/src/lib/sanitize.ts, apps/web/src/components/rich-text.tsx). */
const ALLOWED_TAGS = ['a', 'br', 'em', 'h2', 'h3', 'li', 'ol', 'p', 's', 'strong', 'u', 'ul'];
const ALLOWED_ATTRIBUTES = ['a[href]', 'a[rel]', 'a[target]'];

/**
 * Renders the corpus and checks the page after each round. A vector whose predecessor's marker is missing did not
 * meet the parser fresh (one mXSS vector leaves MathML open, which no end tag closes): it goes round again, with
 * the others like it, until every vector has been rendered from a clean state.
 */
async function renderCorpus(page: Page, path: string, found: Trap, setDescription: (html: string) => Promise<unknown>) {
  let pending = VECTORS.map((_, i) => i + 1);
  const reports = [];
  for (let round = 1; pending.length; round++) {
    expect(round, `vectors never rendered from a clean state: ${pending.join(', ')}`).toBeLessThan(6);
    await setDescription(corpusOf(pending));
    await page.goto(tenant.url(path));
    const box = page.getByTestId('rich-text');
    const rendered = await box
      .getByText(marker(pending.at(-1)!), { exact: true })
      .waitFor()
      .then(
        () => true,
        () => false,
      );
    if (!rendered) {
      // Say what ran, if anything did, rather than only that the page never showed the corpus.
      await page.waitForTimeout(1500);
      await check(page, path, found);
      expect(rendered, 'the corpus rendered down to its last marker').toBe(true);
    }
    const text = await box.first().innerText();
    pending = pending.filter((n, i) => i > 0 && !text.includes(marker(pending[i - 1]!)));
    // Broken images fail, autofocus fires, meta refresh (0 s) and animations begin well within this.
    await page.waitForTimeout(1500);
    // A reader's pointer passes over the text (hover and pointer handlers would fire).
    await box.first().hover();
    await page.waitForTimeout(300);
    reports.push(await check(page, path, found));
  }
  return reports;
}

async function check(page: Page, path: string, found: Trap) {
  // The page never left for another address (a refresh, a base href, a form); links open new tabs, none was opened.
  expect(new Set(found.navigations.map((u) => new URL(u).origin)), 'origins the page went to').toEqual(
    new Set([new URL(tenant.url('/')).origin]),
  );
  expect(found.popups, 'pop-ups').toEqual([]);
  const report = await inspect(page);
  expect(report.hits, 'window.__xss was called by these vectors').toEqual([]);
  expect(found.dialogs, 'dialogs').toEqual([]);
  expect(report.boxes, 'rich-text boxes on the page').toBeGreaterThan(0);
  expect(report.trapIntact, 'window.__xss, getElementById and defaultView are what they were').toBe(true);
  expect(report.handlers, 'event-handler attributes').toEqual([]);
  expect(report.badLinks, 'links that are not absolute http(s)').toEqual([]);
  expect(report.anchorsWithHref, 'anchors resolving to another protocol').toEqual([]);
  expect(report.named, 'id or name attributes (DOM clobbering)').toEqual([]);
  expect(report.foreign, 'active elements').toEqual([]);
  expect(
    report.tags.filter((t) => !ALLOWED_TAGS.includes(t)),
    'tags beyond the allowlist',
  ).toEqual([]);
  expect(
    report.attributes.filter((a) => !ALLOWED_ATTRIBUTES.includes(a)),
    'attributes beyond the allowlist',
  ).toEqual([]);
  expect(page.url()).toContain(path);
  return report;
}

describe('rich text, the XSS corpus', () => {
  it('stored as an offer description: the public offer page renders it with no script run, under the CSP', async () => {
    const page = await newPage();
    const found = await trap(page);
    const reports = await renderCorpus(page, `/marketplace/offers/${OFFER.slug}/about`, found, storeOfferDescription);
    // The CSP is the last lock; nothing should even have tried to get past it.
    expect(reports.flatMap((r) => r.cspViolations)).toEqual([]);
    await page.getByTestId('rich-text').getByRole('link', { name: 'safe link', exact: true }).waitFor();
  });

  it('stored as an institution description: the public institution page renders it with no script run', async () => {
    const page = await newPage();
    const found = await trap(page);
    const reports = await renderCorpus(
      page,
      `/marketplace/institutions/${OFFER.institution.slug}/about`,
      found,
      storeInstitutionDescription,
    );
    expect(reports.flatMap((r) => r.cspViolations)).toEqual([]);
  });

  it('served raw, as if the server had not sanitised it, and with the CSP switched off: the web sanitiser alone holds', async () => {
    const page = await newPage({ bypassCSP: true });
    const found = await trap(page);
    // The offer as the API serves it, with the description replaced by the unsanitised corpus.
    let raw = '';
    await page.route(new RegExp(`/api/v1/tenant/[^/]+/marketplace/offers/${OFFER.slug}$`), async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { description: string | null } };
      await route.fulfill({ response, json: { ...body, data: { ...body.data, description: raw } } });
    });
    await renderCorpus(page, `/marketplace/offers/${OFFER.slug}/about`, found, async (html) => (raw = html));
    // The trap works: markup that runs (with the CSP off) is caught.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__xss(0)');
      img.src = 'data:,not-an-image';
      document.body.append(img);
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __xssHits: unknown[] }).__xssHits)).toEqual([0]);
  });
});

describe('rich text, written in the editor', () => {
  it('keeps paragraphs, a line break, a heading, a list and a link from the editor to the public page', async () => {
    const page = await newPage();
    await signInThroughUi(page, tenant.owner, `/tenant/marketplace/offers/${ids.offerId}/details`);
    const editor = page.getByRole('textbox', { name: 'Description', exact: true });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    const toolbar = page.getByRole('toolbar', { name: 'Description formatting' });

    await toolbar.getByRole('button', { name: 'H2 heading', exact: true }).click();
    await page.keyboard.type('The plan');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Build 180 homes on the harbor.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Phase one');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Phase two');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list', exact: true }).click();
    await page.keyboard.type('Solar roofs');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Heat pumps');
    // Enter on an empty item leaves the list.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read ');
    await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('the full plan');
    // No scheme typed: the link becomes https.
    await page.getByRole('textbox', { name: 'Link', exact: true }).fill('example.com/plan');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.getByRole('link', { name: 'the full plan' }).waitFor();

    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expectToast(page, 'Offer details updated');

    await page.goto(tenant.url(`/marketplace/offers/${OFFER.slug}/about`));
    const box = page.getByTestId('rich-text').first();
    await box.getByRole('link', { name: 'the full plan' }).waitFor();
    const blocks = await box.evaluate((el) =>
      [...el.children].map((child) => ({ tag: child.tagName.toLowerCase(), html: child.innerHTML })),
    );
    expect(blocks).toEqual([
      { tag: 'h2', html: 'The plan' },
      { tag: 'p', html: 'Build 180 homes on the harbor.' },
      { tag: 'p', html: 'Phase one<br>Phase two' },
      { tag: 'ul', html: '<li><p>Solar roofs</p></li><li><p>Heat pumps</p></li>' },
      {
        tag: 'p',
        html: 'Read <a href="https://example.com/plan" target="_blank" rel="noopener noreferrer nofollow">the full plan</a>',
      },
    ]);
  });
});
