import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { imageSrcSet, PAGE_ANSWERS_ID, TENANT_BOOTSTRAP_ID, type TenantBootstrap } from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { preferredEncoding } from '../lib/accept-encoding.ts';
import { AppError } from '../lib/app-error.ts';
import { toTenantPublic } from '../modules/tenants/index.ts';
import { BOOT_FILES_ID, BOOT_LOADER, takeBootFiles, type BootFiles } from './boot-loader.ts';
import { firstPaint } from './first-paint.ts';
import { firstScreen } from './first-screen.ts';
import { firstScreenFonts } from './first-screen-theme.ts';
import { escapeHtml, jsonForScript } from '../lib/html.ts';
import { earlyGetsHead } from './early-gets.ts';
import { pageAnswers, type PageAnswers } from './page-answers.ts';

/** Serves the built web app; unknown non-API paths get index.html (the SPA routes), unknown API paths a 404 envelope. */
export const staticWebPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    const hasWeb = existsSync(join(opts.webDist, 'index.html'));
    const page = new IndexPage(join(opts.webDist, 'index.html'), join(opts.webDist, ROUTE_PRELOADS_FILE), (request, path, search) =>
      pageAnswers(app, request, path, search),
    );
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        // Files are looked up per request, so a rebuilt web app is served without a restart.
        wildcard: true,
        // The page itself is written per tenant below, never sent as the file.
        index: false,
        // A dot-file that found its way into the build (.env, .git) is never served (ASVS 13.4.1).
        dotfiles: 'ignore',
        allowedPath: (path) => path !== '/' && path !== '/index.html',
        // The web build writes .br and .gz copies of its text files; a browser that accepts one gets it.
        preCompressed: true,
        setHeaders: (res, path) => {
          res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn({ webDist: opts.webDist }, 'web app not built: only the API is served (run npm run build)');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/api/') || path === '/api' || !hasWeb || !['GET', 'HEAD'].includes(request.method)) {
        const allowed = path.startsWith('/api/') ? app.allowedMethods(path) : [];
        if (allowed.length > 0) {
          void reply.header('allow', allowed.join(', '));
          const verb = allowed.length === 1 ? 'is' : 'are';
          throw new AppError('method-not-allowed', `${allowed.join(', ')} ${verb} allowed here, not ${request.method}`);
        }
        throw new AppError('not-found', `No route ${request.method} ${path}`);
      }
      // Missing static files should not turn into the app's HTML.
      if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith('.html')) throw new AppError('not-found', `No file ${path}`);
      return page.send(request, reply);
    });
  },
  { name: 'static-web', dependencies: ['tenant', 'route-table'] },
);

/** What the tenant headers and GET /tenant/{slug}/public would tell the web app about this request's tenant. */
export function tenantBootstrapOf(request: FastifyRequest): TenantBootstrap {
  const { tenant } = request;
  return {
    tenantId: tenant?.id ?? null,
    tenantSlug: tenant?.slug ?? null,
    appType: request.appType,
    tenant: tenant ? toTenantPublic(tenant) : null,
  };
}

/** Written by the web build (vite.config.ts, routePreloads): the chunks each landing route renders with. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
const routePreloadsSchema = z.array(z.object({ path: z.string().startsWith('/'), files: z.array(z.string().regex(/^[\w./-]+$/)) }));
type RoutePreload = z.infer<typeof routePreloadsSchema>[number];

/** Whether a request path is matched by a route path whose `:name` segments stand for any one segment. */
export function matchesRoute(route: string, path: string): boolean {
  const want = route.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  return want.length === got.length && want.every((segment, i) => (segment.startsWith(':') ? true : segment === got[i]));
}

/** The web app's container in index.html, where the first paint is written until the app replaces it. */
const ROOT_ELEMENT = '<div id="root"></div>';

/** Distinct pages kept compressed: one per tenant and app type in practice; the whole cache is dropped past it. */
const MAX_CACHED_PAGES = 500;
/** Brotli quality for pages that carry answers (page-answers.ts). */
const DYNAMIC_PAGE_QUALITY = 5;

/**
 * index.html with the tenant of the request written into it (a JSON script the web app reads before its first
 * render, instead of a HEAD of the page and a fetch of the tenant's public view), and on the marketplace's landing
 * pages the answers to their first GETs and a preload of the first screen's banner (page-answers.ts). It is rendered
 * from the request's tenant, which comes from the tenant cache, so saved branding shows on the next load as it did
 * through the API.
 * Compressed copies are kept by content, so a branding change or a rebuilt app simply makes a new entry.
 */
class IndexPage {
  private template:
    | { mtimeMs: number; html: string; boot: BootFiles | null; preloads: RoutePreload[]; fonts: { faces: string; files: string[] } }
    | undefined;
  private readonly compressed = new Map<string, Buffer>();

  constructor(
    private readonly file: string,
    private readonly preloadsFile: string,
    private readonly answersFor: (request: FastifyRequest, path: string, search: string) => Promise<PageAnswers>,
  ) {}

  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [path = '/', search = ''] = request.url.split('?', 2);
    const answers = await this.answersFor(request, path, search);
    const html = await this.render(tenantBootstrapOf(request), path, request, answers);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding === 'identity') return reply.send(html);
    // A page with answers differs per offer and per change of its data, so it is compressed far more often than the
    // tenant's plain page: brotli's quality 11 took ~20 ms of event loop on a 12 KB page, quality 5 0.2 ms (+12 %).
    const quality = Object.keys(answers.answers).length > 0 ? DYNAMIC_PAGE_QUALITY : zlib.BROTLI_MAX_QUALITY;
    return reply.header('content-encoding', encoding).send(this.compress(html, encoding, quality));
  }

  private async render(
    bootstrap: TenantBootstrap,
    path: string,
    request: FastifyRequest,
    { answers, leadImage }: PageAnswers,
  ): Promise<string> {
    const { mtimeMs } = await stat(this.file);
    if (this.template?.mtimeMs !== mtimeMs) {
      // Both files come from the same build, which writes index.html too.
      const written = await readFile(this.file, 'utf8');
      const taken = takeBootFiles(written);
      this.template = {
        mtimeMs,
        html: taken?.html ?? written,
        boot: taken?.files ?? null,
        preloads: await this.readPreloads(request),
        fonts: firstScreenFonts(written),
      };
      this.compressed.clear();
    }
    const { html, boot, preloads, fonts } = this.template;
    const files = (preloads.find((route) => matchesRoute(route.path, path))?.files ?? []).map((file) => `/${file}`);
    // The first screen's largest image starts with the page instead of once the app has rendered its <img>.
    // With the same srcset and sizes as the <img> that shows it, it is the copy the browser then draws.
    const srcset = leadImage && imageSrcSet(leadImage.url);
    const image = leadImage
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(leadImage.url)}"` +
        (srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(leadImage.sizes)}">` : '>')
      : '';
    let script = `<script id="${TENANT_BOOTSTRAP_ID}" type="application/json">${jsonForScript(bootstrap)}</script>`;
    if (Object.keys(answers).length > 0)
      script += `<script id="${PAGE_ANSWERS_ID}" type="application/json">${jsonForScript(answers)}</script>`;
    // A signed-in page's first GETs start from the head, before the app's script has loaded (early-gets.ts).
    script += earlyGetsHead(bootstrap.tenantId, path);
    const screen = firstScreen({ bootstrap, path, answers, fontFaces: fonts.faces });
    const shell = firstPaint(bootstrap, screen);
    // The first screen's text waits for its faces (first-screen-theme.ts): they start with the page. Chromium 156 did not
    // hold the first paint for them (slow 4G: the top bar painted 600 ms before they arrived); pages without a first
    // screen keep the top bar's hidden warm-up text alone (first-paint.ts).
    const fontPreloads = screen
      ? fonts.files.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeHtml(file)}">`).join('')
      : '';
    let page = html.replace(ROOT_ELEMENT, () => ROOT_ELEMENT.replace('><', `>${shell.body}<`));
    let head = fontPreloads + image + script + shell.style;
    if (boot) {
      // The app starts once the first paint is on screen (boot-loader.ts), with the page's own chunks beside its entry.
      const list: BootFiles = { entry: boot.entry, preload: [...new Set([...boot.preload, ...files])] };
      const loader = `<script id="${BOOT_FILES_ID}" type="application/json">${jsonForScript(list)}</script><script>${BOOT_LOADER}</script>`;
      const end = page.lastIndexOf('</body>');
      page = end === -1 ? page + loader : page.slice(0, end) + loader + page.slice(end);
    } else {
      head = files.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`).join('') + head;
    }
    const at = page.indexOf('</head>');
    return at === -1 ? head + page : page.slice(0, at) + head + page.slice(at);
  }

  /** The build's route → chunks map; without it (an older build, `vite dev`) pages simply get no route preloads. */
  private async readPreloads(request: FastifyRequest): Promise<RoutePreload[]> {
    if (!existsSync(this.preloadsFile)) return [];
    try {
      return routePreloadsSchema.parse(JSON.parse(await readFile(this.preloadsFile, 'utf8')));
    } catch (error) {
      request.log.warn({ err: error, file: this.preloadsFile }, 'unreadable route preloads: pages are served without them');
      return [];
    }
  }

  private compress(html: string, encoding: 'br' | 'gzip', quality: number): Buffer {
    const key = `${encoding}\n${html}`;
    let body = this.compressed.get(key);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } })
          : gzipSync(html, { level: zlib.Z_BEST_COMPRESSION });
      if (this.compressed.size >= MAX_CACHED_PAGES) this.compressed.clear();
      this.compressed.set(key, body);
    }
    return body;
  }
}
