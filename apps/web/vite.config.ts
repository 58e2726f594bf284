import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };
import { longestFirst } from '../../scripts/longest-first.mjs';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** The headers the API puts on page responses to name the tenant (§1). */
const TENANT_HEADERS = ['x-tenant-id', 'x-tenant-slug', 'x-app-type'];

/**
 * In `vite dev` pages come from Vite, not the API, so the tenant bootstrap's HEAD of the page
 * would carry no tenant headers: forward page HEADs to the API and copy its tenant headers back.
 */
function tenantHeadersFromApi(): Plugin {
  return {
    name: 'tessera-tenant-headers',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        if (req.method !== 'HEAD' || url.startsWith('/api') || url.startsWith('/@') || /\.\w+(\?|$)/.test(url)) return next();
        // The API picks the tenant from the Host header, so it is passed through unchanged.
        const upstream = request(new URL(url, apiTarget), { method: 'HEAD', headers: { host: req.headers.host ?? '' } }, (response) => {
          for (const name of TENANT_HEADERS) {
            const value = response.headers[name];
            if (typeof value === 'string') res.setHeader(name, value);
          }
          response.resume();
          res.statusCode = 200;
          res.end();
        });
        upstream.on('error', () => next());
        upstream.end();
      });
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
/** Below this a compressed copy saves less than the extra round of negotiation is worth. */
const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz copy beside each text file of the build, compressed once at the highest level, which the
 * API's static plugin serves to browsers that accept them (preCompressed); no request pays for compressing.
 */
function precompress(): Plugin {
  return {
    name: 'tessera-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          // .vite/ holds the build manifest, read by scripts and never served to a browser.
          if (!COMPRESSIBLE.test(file.fileName) || file.fileName.startsWith('.vite/')) return;
          const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (source.length < COMPRESS_MIN_BYTES) return;
          const path = join(dir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gzipAsync(source, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/** Stylesheets of the build that index.html links, inlined when they are at most this big (the Roboto faces: 2 KB). */
const INLINE_CSS_MAX_BYTES = 8 * 1024;

/**
 * Writes the entry's small stylesheet into index.html instead of linking it. A linked stylesheet blocks the first
 * paint until it has arrived, one more round trip on a phone network, while the page's top bar is already in the HTML
 * (the API writes it, first-paint.ts); inlined, the bar paints as soon as the HTML has been parsed. Its `url()`s are
 * absolute (`/assets/…`), so they resolve the same from the page. The CSP's style-src allows inline styles.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'tessera-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = ctx.bundle?.[fileName];
          if (!asset || asset.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
          if (Buffer.byteLength(css) > INLINE_CSS_MAX_BYTES || css.includes('</')) return tag;
          // The disabled link is never fetched; it tells Vite's preload helper that the page has this stylesheet. Vite
          // lists it among every lazy chunk's dependencies, and the helper, finding no <link rel="stylesheet"> for it,
          // added one and held back the page's first import() (the route table, then the page) until it had arrived.
          return `<style>${css}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
        });
      },
    },
  };
}

/**
 * The pages a visitor lands on first, as the router matches them (`:name` is one segment), and the page modules each
 * renders. Paths with more than one module render nested routes: an offer's page and its tab.
 */
const LANDING_ROUTES: { path: string; modules: string[] }[] = [
  { path: '/signin', modules: ['src/features/auth/components/signin-page.tsx'] },
  { path: '/signup', modules: ['src/features/auth/components/signup-page.tsx'] },
  { path: '/marketplace/offers', modules: ['src/features/marketplace/components/marketplace-offers-page.tsx'] },
  // The bare offer address redirects to its Home tab in the app: its chunk is wanted as well.
  ...['', '/home', '/about', '/documents', '/financials'].map((tab) => ({
    path: `/marketplace/offers/:idOrSlug${tab}`,
    modules: [
      'src/features/marketplace/components/marketplace-offer-page.tsx',
      `src/features/marketplace/components/marketplace-offer-${tab.slice(1) || 'home'}-tab.tsx`,
    ],
  })),
  { path: '/marketplace/institutions', modules: ['src/features/marketplace/components/marketplace-institutions-page.tsx'] },
  ...['', '/about', '/offers', '/team'].map((tab) => ({
    path: `/marketplace/institutions/:idOrSlug${tab}`,
    modules: [
      'src/features/marketplace/components/marketplace-institution-page.tsx',
      'src/features/marketplace/components/marketplace-institution-tabs.tsx',
    ],
  })),
  // A signed-in page otherwise loads in steps, each a round trip after the last has run: the entry, then its area's
  // route table (router.tsx, patchRoutesOnNavigation), then the area's layout and the page, then the top
  // bar's controls and the navigation they render. Preloaded, they download beside the entry. A visitor who is not
  // signed in fetches them before being sent to sign-in (73–76 KB gzip, the lead list's 264 KB with its grid); the
  // sign-in returns to the page, which then finds them cached.
  ...[
    {
      path: '/investor/dashboard',
      modules: [
        'src/app/routes/investor-routes.tsx',
        'src/app/routes/investor-area.tsx',
        'src/app/layouts/main-nav.tsx',
        'src/features/investor-dashboard/components/investor-dashboard-page.tsx',
      ],
    },
    {
      path: '/institution/dashboard',
      modules: [
        'src/app/routes/institution-routes.tsx',
        'src/features/raise/components/institution-layout.tsx',
        'src/features/institution-dashboard/components/institution-dashboard.tsx',
      ],
    },
    {
      path: '/institution/leads',
      modules: [
        'src/app/routes/institution-routes.tsx',
        'src/features/raise/components/institution-layout.tsx',
        'src/features/leads/components/lead-list-page.tsx',
      ],
    },
  ].map(({ path, modules }) => ({
    path,
    modules: ['src/app/layouts/signed-in-controls.tsx', ...modules],
  })),
];

/**
 * Writes dist/route-preloads.json: for each landing route, the chunks of its page modules and their static imports,
 * less what index.html loads already. The API adds them to the page as modulepreload links (static-web.ts), so the
 * page's chunk downloads beside the entry instead of after the app has run and the router asked for it.
 */
function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'tessera-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const initial = new Set<string>();
      const walk = (fileName: string, into: Set<string>) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return;
        into.add(fileName);
        for (const dep of chunk.imports) walk(dep, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, initial);
      const routes = LANDING_ROUTES.map(({ path, modules }) => {
        const files = new Set<string>();
        for (const module of modules) {
          const id = join(root, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) this.error(`route-preloads: no chunk holds ${module} (${path})`);
          walk(chunk.fileName, files);
        }
        return { path, files: [...files].filter((file) => !initial.has(file)) };
      });
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(routes, null, 2)}\n` });
    },
  };
}

/**
 * V8's explicit compile hint (Chromium 136+): the functions of a file that opens with it are compiled eagerly, on a
 * background thread while the file streams in, instead of on the main thread the first time each is called. Nearly all
 * of the app's initial chunk (React, MUI, zod, the router, the app's shell) runs while the app starts, and that lazy
 * compiling was a third of the main thread's work there (≈120 of 300–380 ms unthrottled on the offer page). The
 * chunk's postBanner adds it (after minifying, which drops comments; part of the file's hash); compileHintFirst moves
 * it above the list of chunk dependencies Vite writes at the top, since the hint only counts on the first line.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

function compileHintFirst(): Plugin {
  return {
    name: 'tessera-compile-hint-first',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const lines = chunk.code.split('\n');
          const at = lines.indexOf(COMPILE_HINT);
          if (at <= 0) continue;
          lines.unshift(...lines.splice(at, 1));
          chunk.code = lines.join('\n');
          // The source map has one `;`-separated group per generated line: it moves with the line.
          if (chunk.map) {
            const groups = chunk.map.mappings.split(';');
            groups.unshift(...groups.splice(at, 1));
            chunk.map.mappings = groups.join(';');
          }
        }
      },
    },
  };
}

/**
 * A feature's public file (features/<name>/index.ts, see eslint.config.js) only re-exports. Marked free of side effects,
 * an import through it brings only the modules whose exports are used, not every module the feature makes public: the
 * chunks stay what they were when each import named its file.
 */
function pureFeatureIndexes(): Plugin {
  return {
    name: 'tessera-pure-feature-indexes',
    transform(code, id) {
      if (/\/src\/features\/[^/]+\/index\.ts$/.test(id)) return { code, moduleSideEffects: false };
      return null;
    },
  };
}

/** MUI X's material slots (`@mui/x-data-grid/material`), which import every component a grid might render. */
const GRID_SLOTS = /\/@mui\/x-data-grid\/material\/index\.m?js$/;
/**
 * The MUI components those slots import that a list's first screen never shows, by the chunk each loads in: the
 * filter panel's Autocomplete (its "is any of" operators), and Tabs and Switch, which the community grid's own
 * components do not render. Tab goes with Tabs: the pages that import them both keep them in one chunk.
 */
const LAZY_GRID_SLOTS: Record<string, string[]> = {
  autocomplete: ['@mui/material/Autocomplete'],
  tabs: ['@mui/material/Tabs', '@mui/material/Tab'],
  switch: ['@mui/material/Switch'],
};
const LAZY_SLOT = '\0grid-lazy-slot:';
const LAZY_SLOT_GROUP = '\0grid-slots-';

/**
 * Every list screen loads the data grid first; with it came Autocomplete, Tabs and Switch (~19 KB gzip) for panels
 * opened later or never. For the grid's slots only, each is a component that loads the real one when first rendered
 * (nothing in its place meanwhile: these open inside panels, never on the grid's first screen); every other import
 * of them is unchanged.
 */
function lazyGridSlots(): Plugin {
  const groupOf = (source: string) => Object.keys(LAZY_GRID_SLOTS).find((group) => LAZY_GRID_SLOTS[group]?.includes(source));
  return {
    name: 'tessera-lazy-grid-slots',
    apply: 'build',
    // Before Vite's own resolver, which would resolve the bare name first.
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith(LAZY_SLOT_GROUP)) return source;
      if (importer && GRID_SLOTS.test(importer) && groupOf(source)) return LAZY_SLOT + source;
      return null;
    },
    load(id) {
      if (id.startsWith(LAZY_SLOT_GROUP)) {
        const sources = LAZY_GRID_SLOTS[id.slice(LAZY_SLOT_GROUP.length)] ?? [];
        return sources.map((source, index) => `export { default as slot${index} } from ${JSON.stringify(source)};`).join('\n');
      }
      if (!id.startsWith(LAZY_SLOT)) return null;
      const source = id.slice(LAZY_SLOT.length);
      const group = groupOf(source) as string;
      const index = LAZY_GRID_SLOTS[group]?.indexOf(source);
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Slot = lazy(() => import(${JSON.stringify(LAZY_SLOT_GROUP + group)}).then((m) => ({ default: m.slot${index} })));`,
        'export default function LazySlot(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Slot, props));',
        '}',
      ].join('\n');
    },
  };
}

/** The end of the bracketed expression opening at `start` (`[` or `{`), skipping strings, templates and comments. */
export function closingBracket(code: string, start: number): number {
  const stack: string[] = [];
  const pairs: Record<string, string> = { '[': ']', '{': '}', '(': ')' };
  for (let i = start; i < code.length; i++) {
    const c = code[i] as string;
    if (c === '/' && code[i + 1] === '/') i = code.indexOf('\n', i);
    else if (c === '/' && code[i + 1] === '*') i = code.indexOf('*/', i) + 1;
    else if (c === "'" || c === '"') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '`') {
      // A template: its ${…} parts may hold brackets and strings of their own.
      for (i++; i < code.length && code[i] !== '`'; i++) {
        if (code[i] === '\\') i++;
        else if (code[i] === '$' && code[i + 1] === '{') i = closingBracket(code, i + 1);
      }
    } else if (c in pairs) stack.push(pairs[c] as string);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
    if (i < 0) return -1;
  }
  return -1;
}

/** The end of the string literal, or literals joined by `+`, starting at `start`; -1 unless that is what is there. */
function stringRunEnd(code: string, start: number): number {
  let i = start;
  let end = -1;
  for (;;) {
    while (/\s/.test(code[i] ?? '')) i++;
    const quote = code[i];
    if (quote !== "'" && quote !== '"' && quote !== '`') return end;
    for (i++; i < code.length && code[i] !== quote; i++) {
      if (code[i] === '\\') i++;
      else if (quote === '`' && code[i] === '$' && code[i + 1] === '{') return -1;
    }
    end = i + 1;
    i = end;
    while (/\s/.test(code[i] ?? '')) i++;
    if (code[i] !== '+') return end;
    i++;
  }
}

/**
 * The domain's schemas carry OpenAPI examples and descriptions (`.meta({ description, examples: [...] })`, and
 * `.describe('…')` on fields) for the API's document; the web app never reads them (its API reference reads the served
 * document), so they are cut from the domain's modules in the web build (examples ~1 KB, descriptions ~KB gzip on
 * every route). A `.describe()` of a string goes whole: the schema it returns is the same but for the description.
 */
export function stripSchemaDocs(code: string): string {
  return stripDescribeCalls(stripMetaDocs(code));
}

function stripDescribeCalls(code: string): string {
  let out = '';
  let from = 0;
  for (const match of code.matchAll(/\.describe\(/g)) {
    if (match.index < from) continue;
    const textEnd = stringRunEnd(code, match.index + match[0].length);
    if (textEnd < 0) continue;
    let close = textEnd;
    while (/\s/.test(code[close] ?? '')) close++;
    if (code[close] !== ')') continue;
    out += code.slice(from, match.index);
    from = close + 1;
  }
  return out + code.slice(from);
}

function stripMetaDocs(code: string): string {
  let out = '';
  let from = 0;
  for (const match of code.matchAll(/\.meta\(\s*\{/g)) {
    if (match.index < from) continue;
    const open = match.index + match[0].length - 1;
    const close = closingBracket(code, open);
    if (close < 0) continue;
    out += code.slice(from, open);
    let body = '';
    let at = open;
    for (const key of code.slice(open, close + 1).matchAll(/\b(examples|description):\s*/g)) {
      const valueStart = open + key.index + key[0].length;
      if (valueStart < at) continue;
      let valueEnd = -1;
      if (key[1] === 'examples' && code[valueStart] === '[') {
        const end = closingBracket(code, valueStart);
        valueEnd = end < 0 ? -1 : end + 1;
      } else if (key[1] === 'description') valueEnd = stringRunEnd(code, valueStart);
      if (valueEnd < 0 || valueEnd > close) continue;
      body += `${code.slice(at, valueStart)}${key[1] === 'examples' ? '[]' : "''"}`;
      at = valueEnd;
    }
    out += body + code.slice(at, close + 1);
    from = close + 1;
  }
  return out + code.slice(from);
}

function stripSchemaExamples(): Plugin {
  return {
    name: 'tessera-strip-schema-docs',
    transform(code, id) {
      if (!/\/packages\/domain\/src\/[^/]+\.ts$/.test(id) || !/\.(meta|describe)\(/.test(code)) return null;
      return { code: stripSchemaDocs(code), map: null };
    },
  };
}

/** The nodes of a parsed module these plugins read (ESTree, as `this.parse` and Vite's `parseSync` give it). */
interface EsNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** A domain module: one file of packages/domain/src. */
const DOMAIN_MODULE = /\/packages\/domain\/src\/[^/]+\.ts$/;

/** Initialisers that are values whatever they hold: nothing to gain from marking them. */
const PURE_INITS = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);

/**
 * The domain's modules are sets of values: schemas, label maps, constants. A schema's `.meta()` (and `.describe()`)
 * adds it to zod's global registry, a side effect, so the bundle kept every schema of a module any of whose exports was
 * used: the API's own bodies, parameters and answers that no page sends or checks. The web app reads no registry (its
 * API reference reads the served OpenAPI document), so in its build each top-level `const`'s initialiser is wrapped
 * in a function call marked pure: a value no page uses is dropped like an unused function. (A value some page uses
 * stays in whichever chunk holds its module: a bundle does not split a module.)
 */
export function pureDomainValues(code: string, program: { body: EsNode[] }): string {
  const inserts: [number, string][] = [];
  for (const node of program.body) {
    const declaration = (node.type === 'ExportNamedDeclaration' ? node.declaration : node) as EsNode | null;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations as { init: EsNode | null }[]) {
      if (!init || PURE_INITS.has(init.type)) continue;
      inserts.push([init.start, '/* @__PURE__ */ (() => ('], [init.end, '))()']);
    }
  }
  let out = '';
  let from = 0;
  for (const [at, text] of inserts) {
    out += code.slice(from, at) + text;
    from = at;
  }
  return out + code.slice(from);
}

function pureDomainModules(): Plugin {
  return {
    name: 'tessera-pure-domain-values',
    apply: 'build',
    transform(code, id) {
      if (!DOMAIN_MODULE.test(id)) return null;
      return { code: pureDomainValues(code, this.parse(code) as unknown as { body: EsNode[] }), map: null };
    },
  };
}

/** zod's two modules that write a schema as JSON Schema. */
const ZOD_JSON_SCHEMA = /\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/;

/** The names a module exports (declarations and `export { a as b }`; these zod modules have no `export *`). */
export function exportedNames(program: { body: EsNode[] }): string[] {
  const names: string[] = [];
  for (const node of program.body) {
    if (node.type !== 'ExportNamedDeclaration') continue;
    const declaration = node.declaration as EsNode | null;
    if (declaration?.type === 'VariableDeclaration')
      for (const { id } of declaration.declarations as { id: { name: string } }[]) names.push(id.name);
    else if (declaration) names.push((declaration.id as { name: string }).name);
    for (const { exported } of node.specifiers as { exported: { name: string } }[]) names.push(exported.name);
  }
  return names;
}

/**
 * Every zod schema carries the code that writes it as JSON Schema (`.toJSONSchema()`, `~standard.jsonSchema`, one
 * processor per type: ~5 KB gzip of every page's first download), which only the API's OpenAPI document uses. In the
 * web build its two modules become functions that throw when called; a `create…Method`, which a schema calls when asked
 * for its standard-schema properties (form resolvers read them), returns such a function instead of throwing.
 */
export function zodJsonSchemaStub(names: string[]): string {
  const exports = names.map((name) => `export const ${name} = ${name.startsWith('create') ? '() => unavailable' : 'unavailable'};`);
  return [
    "function unavailable() { throw new Error('JSON Schema is left out of the web build (apps/web/vite.config.ts)'); }",
    ...exports,
    '',
  ].join('\n');
}

function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'tessera-zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!ZOD_JSON_SCHEMA.test(id)) return null;
      const program = this.parse(readFileSync(id, 'utf8')) as unknown as { body: EsNode[] };
      return zodJsonSchemaStub(exportedNames(program));
    },
  };
}

/**
 * Emotion (MUI's styling engine) writes a component's styles into the page inside React's commit, through
 * useInsertionEffect: the first screen's several hundred rules were parsed (stylis) and inserted in that one task,
 * 125 of the institution dashboard's 250 ms of commit and layout unthrottled, about 450 ms of blocking time on a phone.
 * Emotion's own fallback for a React without that hook inserts them while rendering, as it did before React 18: the
 * first render is a transition (main.tsx), so the work is spread over its slices of a few milliseconds. Insertion is
 * idempotent (keyed by the style's hash), so a render React discards or repeats costs at most a rule nothing uses.
 * Global styles keep the hook: their order against the rules they override matters.
 */
const EMOTION_INSERTION = /@emotion\/use-insertion-effect-with-fallbacks\/dist\/[^/]+\.esm\.js$/;
function emotionStylesWhileRendering(): Plugin {
  return {
    name: 'tessera-emotion-styles-while-rendering',
    apply: 'build',
    load(id) {
      if (!EMOTION_INSERTION.test(id)) return null;
      return [
        "import * as React from 'react';",
        'export const useInsertionEffectAlwaysWithSyncFallback = (create) => create();',
        'export const useInsertionEffectWithLayoutFallback = React.useInsertionEffect;',
        '',
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tenantHeadersFromApi(),
    inlineEntryCss(),
    routePreloads(),
    compileHintFirst(),
    precompress(),
    pureFeatureIndexes(),
    stripSchemaExamples(),
    pureDomainModules(),
    zodWithoutJsonSchema(),
    lazyGridSlots(),
    emotionStylesWhileRendering(),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: {
    port: 5173,
    host: true,
    // ws: the real-time socket (/api/v1/socket) upgrades through the same proxy.
    proxy: { '/api': { target: apiTarget, changeOrigin: false, ws: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Only the initial chunk: the pages' chunks hold code they may never call (dialogs, other tabs).
        postBanner: (chunk) => (chunk.name === 'app' ? COMPILE_HINT : ''),
        codeSplitting: {
          // Everything the entry loads before any page renders is one file, not the 20 small chunks the automatic
          // split made of it: over HTTP/1.1 each request paid a round trip in a queue of six and ~1 KB of headers.
          groups: [{ name: 'app', tags: ['$initial'] }],
          // Common chunks of a few KB (MUI helpers, small schemas) are copied into the pages that use them instead of
          // each being one more request when a page loads; the size is of the modules' source, before minifying.
          experimentalInlineCommonChunks: { maxSize: 3000 },
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // mui-tiptap's Node entry is CommonJS, which loads the CommonJS copy of Tiptap and ProseMirror beside the ES modules
    // the editor's extensions import, and two copies cannot share an editor: tests use its ES build, as the app does.
    alias: [{ find: /^mui-tiptap$/, replacement: fileURLToPath(import.meta.resolve('mui-tiptap').replace('/cjs/', '/esm/')) }],
    server: { deps: { inline: ['mui-tiptap'] } },
    // One jsdom document and one module graph per worker, not per file: a file's own set-up was MUI's and React's
    // imports and a new document (≈2.5 s a file, over half the suite). src/test/setup.ts empties the page and storage
    // after each test; a file that replaces a module or a global restores it in its own afterEach.
    isolate: false,
    // Vitest's default on a 2-core machine is one worker.
    maxWorkers: 2,
    // Longest files first, from the durations committed beside this config (scripts/longest-first.mjs).
    sequence: { sequencer: longestFirst(new URL('./test-durations.json', import.meta.url)) },
    // jsdom renders of MUI forms are slow on a 2-core machine running other suites.
    testTimeout: 20_000,
  },
});
