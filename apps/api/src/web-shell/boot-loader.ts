import { createHash } from 'node:crypto';

/** The JSON script that lists the app's script files for BOOT_LOADER. */
export const BOOT_FILES_ID = 'boot-files';

export interface BootFiles {
  /** The entry module, which the build wrote as `<script type="module">` into index.html. */
  entry: string;
  /** Modules fetched beside it: the build's modulepreloads and the requested page's chunks. */
  preload: string[];
}

/**
 * Starts the web app once the server's first paint is on screen (static-web.ts writes it at the end of the body, after
 * the `BOOT_FILES_ID` list). The page's HTML already shows what the visitor came for (first-paint.ts: the top bar and,
 * on the marketplace's landing pages, the first screen, whose text waits for its Roboto faces: first-screen-theme.ts),
 * so the app's script (~180 KB compressed) does not compete with it for the connection and the CPU: its downloads
 * begin once the first contentful paint is shown and the page's fonts have loaded, two frames later (so the text
 * drawn in them is on screen). A hidden tab (which paints nothing) starts at once; without a paint or the fonts it
 * starts after BOOT_WAIT_MS at most, the longest a browser hides text waiting for a face. Inline, so the CSP allows it
 * by its hash (BOOT_LOADER_CSP_SOURCE).
 */
const BOOT_WAIT_MS = 3000;
/**
 * Elements added per task: Chromium spends ~0.8 ms (unthrottled, ×4 on a phone) starting each module fetch, so the
 * 15–20 files of a marketplace page added at once made one task of 60–150 ms at 4× slowdown.
 */
const BOOT_BATCH = 4;
export const BOOT_LOADER =
  '(function(){' +
  'var d=document,f=JSON.parse(d.getElementById("' +
  BOOT_FILES_ID +
  '").textContent),started=false;' +
  'function start(){if(started)return;started=true;' +
  'var q=f.preload.map(function(h){return{tag:"link",rel:"modulepreload",href:h}}).concat([{tag:"script",type:"module",src:f.entry}]);' +
  'function next(){q.splice(0,' +
  BOOT_BATCH +
  ').forEach(function(p){var e=d.createElement(p.tag);e.crossOrigin="";for(var k in p)if(k!=="tag")e[k]=p[k];d.head.appendChild(e)});if(q.length)setTimeout(next,0)}next()}' +
  'var painted=false,fonts=!d.fonts;' +
  'function ready(){if(painted&&fonts)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}' +
  'if(d.fonts)d.fonts.ready.then(function(){fonts=true;ready()});' +
  'if(d.visibilityState==="hidden")start();' +
  'try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){painted=true;ready()}}).observe({type:"paint",buffered:true})}catch(e){start()}' +
  'setTimeout(start,' +
  BOOT_WAIT_MS +
  ')' +
  '})()';

/** The CSP source that allows BOOT_LOADER and nothing else inline. */
export const BOOT_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(BOOT_LOADER).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html as the build wrote it, less its entry script and modulepreload links, and the files they named. Null
 * when the page has no entry script in the build's form (then it is served as written).
 */
export function takeBootFiles(html: string): { html: string; files: BootFiles } | null {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return null;
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), files: { entry, preload } };
}
