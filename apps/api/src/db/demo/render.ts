/**
 * Draws the demo pictures (offer banners, institution logos, team portraits) from art.ts as WebP, and writes the
 * offers' documents (documents.ts) as PDF, into assets/, which is committed: `npm start` and the seed need no
 * browser and stay fast. Run it after changing art.ts or the
 * catalogue: `node --import tsx apps/api/src/db/demo/render.ts` (CHROMIUM_PATH overrides the browser).
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { offerRequiredDocumentTypeLabels, REQUIRED_OFFER_DOCUMENTS } from '@tessera/domain';
import { avatarSvg, BANNER, bannerSvg, logoSvg } from './art.ts';
import { ACCOUNT_PORTRAITS, ASSET_DIR, assetFile, DEMO_TENANTS, DOCUMENTS_DATED, hasDocuments, issuerOf } from './catalogue.ts';
import { demoDocumentPdf } from './documents.ts';

const QUALITY = 0.85;
/** Runs in the page (so in the browser's own types, not this program's): the SVG drawn on a canvas, encoded as WebP. */
const ENCODE = `async ({ svg, width, height, quality }) => {
  const img = new Image();
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d').drawImage(img, 0, 0, width, height);
  return canvas.toDataURL('image/webp', quality);
}`;

const jobs: { file: string; svg: string; width: number; height: number }[] = [];
for (const tenant of Object.values(DEMO_TENANTS)) {
  const tint = `${tenant.palette.secondary}55`;
  for (const inst of tenant.institutions) {
    jobs.push({ file: assetFile.logo(inst.slug), svg: logoSvg(inst.name, tenant.palette, inst.emblem), width: 512, height: 512 });
    for (const p of inst.team) jobs.push({ file: assetFile.avatar(p.slug), svg: avatarSvg(p.portrait, tint), width: 256, height: 256 });
    for (const o of inst.offers) jobs.push({ file: assetFile.banner(o.slug), svg: bannerSvg(o.scene, tenant.palette, o.slug), ...BANNER });
  }
}
for (const [email, portrait] of Object.entries(ACCOUNT_PORTRAITS))
  jobs.push({ file: assetFile.account(email), svg: avatarSvg(portrait, '#C4A88055'), width: 256, height: 256 });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell' });
try {
  const page = await browser.newPage();
  await rm(ASSET_DIR, { recursive: true, force: true });
  await mkdir(new URL('documents/', ASSET_DIR), { recursive: true });
  // The documents: generated once here rather than at each first start (about 50 ms each, 60 of them).
  for (const tenant of Object.values(DEMO_TENANTS))
    for (const inst of tenant.institutions)
      for (const offer of inst.offers.filter(hasDocuments))
        for (const type of REQUIRED_OFFER_DOCUMENTS) {
          const pdf = await demoDocumentPdf({
            type,
            title: offerRequiredDocumentTypeLabels[type],
            offerName: offer.name,
            issuer: issuerOf(offer),
            sponsor: inst.name,
            date: DOCUMENTS_DATED,
          });
          await writeFile(new URL(assetFile.document(offer.slug, type), ASSET_DIR), pdf);
        }
  for (const job of jobs) {
    const args = JSON.stringify({ svg: job.svg, width: job.width, height: job.height, quality: QUALITY });
    const dataUrl = String(await page.evaluate(`(${ENCODE})(${args})`));
    if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`${job.file}: the browser did not encode WebP`);
    await writeFile(new URL(job.file, ASSET_DIR), Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
  }
} finally {
  await browser.close();
}
let total = 0;
const files = await readdir(ASSET_DIR, { recursive: true });
for (const f of files) total += (await stat(new URL(f, ASSET_DIR))).size;
process.stdout.write(`${jobs.length} pictures and the documents, ${(total / 1024).toFixed(0)} KiB in ${ASSET_DIR.pathname}\n`);
