import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { allow, checkPage, finishGuard, problemsOf, screenOf } from '../support/guard.ts';

const { newPage } = useBrowser();

/** A page of an origin of its own, answered here: the guard is tried without the app. */
const ORIGIN = 'http://guard.test';

async function serve(page: Page, body: string, answers: Record<string, number> = {}): Promise<void> {
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body });
    return route.fulfill({ status: answers[path] ?? 200, contentType: 'application/json', body: '{}' });
  });
  await page.goto(`${ORIGIN}/`);
}

const CLEAN = '<!doctype html><html lang="en"><head><title>Guard</title></head><body><main><h1>Fine</h1></main></body></html>';

/** What the guard found on the page, taken from it (so that the test itself ends clean). */
const found = (page: Page) => finishGuard(page, { axe: true });

describe('the journey guard', () => {
  it('finds nothing on a clean page', async () => {
    const page = await newPage();
    await serve(page, CLEAN);
    await checkPage(page);
    expect(await found(page)).toEqual([]);
  });

  it('catches a console error, an uncaught exception and a console warning', async () => {
    const page = await newPage();
    await serve(page, CLEAN);
    await page.evaluate(() => {
      console.error('Something broke');
      console.warn('Warning: Each child in a list should have a unique "key" prop.');
      setTimeout(() => {
        throw new Error('thrown later');
      });
    });
    await expect.poll(() => problemsOf(page).length).toBe(3);
    const problems = await found(page);
    expect(problems).toEqual([
      expect.stringMatching(/^console\.error on http:\/\/guard\.test\/: Something broke$/),
      expect.stringMatching(/^console\.warn on .*unique "key" prop/),
      expect.stringMatching(/^uncaught Error on .*thrown later$/),
    ]);
  });

  it('catches a 500 and a 4xx, unless that very 4xx is allowed with a reason', async () => {
    const page = await newPage();
    allow(page, { status: 401, path: '/api/session', reason: 'the signed-out session probe' });
    await serve(page, CLEAN, { '/api/boom': 500, '/api/session': 401, '/api/other': 401 });
    await page.evaluate(() => Promise.all(['/api/boom', '/api/session', '/api/other'].map((p) => fetch(p))));
    await expect.poll(() => problemsOf(page).length).toBe(2);
    expect((await found(page)).toSorted()).toEqual([
      '401 answer on http://guard.test/: GET http://guard.test/api/other',
      '500 answer on http://guard.test/: GET http://guard.test/api/boom',
    ]);
    expect(() => allow(page, { status: 500, path: '/api/boom', reason: 'no' })).toThrow(/5xx/);
  });

  it('catches a serious axe violation with its rule, impact, target and address, unless that rule is allowed', async () => {
    const page = await newPage();
    await serve(page, CLEAN.replace('<h1>Fine</h1>', '<h1>Form</h1><input id="nameless" type="text">'));
    await checkPage(page);
    const problems = await found(page);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^axe label \(critical\) on http:\/\/guard\.test\/: .*; at\n {4}#nameless <input id="nameless" type="text">$/,
    );

    const excused = await newPage();
    allow(excused, { axeRule: 'label', reason: 'a third-party widget (here: this test)' });
    await serve(excused, CLEAN.replace('<h1>Fine</h1>', '<h1>Form</h1><input id="nameless" type="text">'));
    expect(await found(excused)).toEqual([]);
  });

  it('names a screen by its path with ids reduced, and its modal', () => {
    expect(screenOf('http://a.localhost:1/user/passport/individual-profiles/0b9c3f7e-1a2b-4c3d-8e9f-001122334455/details')).toBe(
      'a.localhost:1/user/passport/individual-profiles/:id/details',
    );
    expect(screenOf('http://a.localhost:1/tenant/membership/members?modal=create&search=x')).toBe(
      'a.localhost:1/tenant/membership/members?modal=create',
    );
  });
});
