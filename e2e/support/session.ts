import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { urlOf } from './browser.ts';

/**
 * Signs a user in through the /signin form of their tenant's host (`slug`; the bare host without one): a signed-out
 * visit to `path` is sent to sign-in, and back to `path` once signed in (the root, to where it leads).
 */
export async function signInThroughUi(page: Page, user: { email: string; password: string; slug?: string }, path = '/'): Promise<void> {
  await page.goto(urlOf(path, user.slug));
  await page.waitForURL(/\/signin/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const target = new URL(urlOf(path, user.slug)).pathname;
  // The bare root is never a page of its own: it sends the user on to their dashboard (001 §2).
  const landed = (pathname: string) => pathname === target || (target === '/' && /^\/(investor|institution)\//.test(pathname));
  await page.waitForURL((url) => landed(url.pathname));
}

/** Waits for a toast (notistack renders each as an alert) with this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/**
 * Picks an option of an MUI select. Its combobox is named by its label and its current value,
 * so the label is matched at the start of the name.
 */
export async function choose(scope: Page | Locator, label: string, option: string): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await scope.getByRole('combobox', { name: new RegExp(`^${escaped}\\b`) }).click();
  const choice = page.getByRole('listbox').getByRole('option', { name: option, exact: true });
  await choice.click();
  try {
    await page.getByRole('listbox').waitFor({ state: 'hidden', timeout: 5_000 });
    return;
  } catch {
    // Seen under full load (raise-offers, 2026-11-25 and 2026-11-28): the click landed while the menu was still
    // moving into place, on no option, and the menu stayed open with the option unchosen. The user then picks it
    // with the keyboard: focus on the option, Enter.
  }
  try {
    await choice.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
  } catch (error) {
    // Say what was on screen.
    const shot = join(tmpdir(), `tessera-choose-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => {});
    const state = await page
      .evaluate(() => ({
        focused: document.activeElement?.outerHTML.slice(0, 200),
        listboxes: [...document.querySelectorAll('[role=listbox]')].map((l) => l.outerHTML.slice(0, 1500)),
      }))
      .catch(() => null);
    throw new Error(`choose(${label}, ${option}): the menu stayed open after the click. Screenshot ${shot}; ${JSON.stringify(state)}`, {
      cause: error,
    });
  }
}
