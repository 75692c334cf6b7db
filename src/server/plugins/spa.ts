import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { payEntryFirstRequest } from '@shared/pay-entry';
import { injectRuntimeConfig } from '@shared/runtime-config';
import type { RuntimeConfig } from '@shared/runtime-config.schema';
import {
  encodeBody,
  readPrecompressedFile,
  sendEncodedBody,
  type EncodedBody,
} from '../lib/encoded-body';
import { escapeHtml } from '../lib/html';
import { linkPreviewTags, type LinkPreview } from '../lib/link-preview';
import { compressibleType, listFiles, MIN_COMPRESS_BYTES } from '../lib/static-compression';

/**
 * Serves the built React app: hashed assets cached for a year, every other
 * GET that is not an API or file path answered with index.html so the client
 * router decides (unknown paths redirect to / there). Unknown /api paths stay JSON 404.
 *
 * Text files (scripts, styles, SVG…) are answered from memory in the form the
 * client accepts: the brotli and gzip copies the build wrote beside them
 * (scripts/build.ts), or the file as is. Other files (images, the terms PDF)
 * go through @fastify/static.
 *
 * index.html is rendered once at start with the runtime config in it, so
 * settings such as STORE_ID reach the browser without a rebuild, and
 * compressed then.
 */
export const spaPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      webDir: string;
      runtimeConfig: RuntimeConfig;
      /**
       * The preview chat apps show for a payment page's address (undefined: none),
       * written into the page, since their crawlers run no JavaScript.
       */
      linkPreview?: (pathname: string, search: string) => Promise<LinkPreview | undefined>;
      /**
       * The image a page of the app shows first, its largest paint (undefined:
       * none), announced as a high-priority preload so it downloads with the
       * code instead of after the page has rendered. Asked for the pages that
       * announce API answers (route-preloads), which are rendered per path.
       */
      pageImage?: (pathname: string) => Promise<string | undefined>;
      /** A browser asked for a payment link's page (`/pay/:productId`); called before it is sent. */
      payLinkVisited?: (request: FastifyRequest, productId: string, query: URLSearchParams) => void;
    },
  ) => {
    const indexFile = path.join(options.webDir, 'index.html');
    const indexHtml = existsSync(indexFile)
      ? injectRuntimeConfig(readFileSync(indexFile, 'utf8'), options.runtimeConfig)
      : undefined;
    const renderPage = (html: string) => encodeBody(html, 'text/html; charset=utf-8', 'no-cache');
    const indexPage = indexHtml === undefined ? undefined : await renderPage(indexHtml);
    // Pages that announce what they need (see readRoutePreloads): rendered once
    // when they depend on the path only through its pattern, per path otherwise.
    const routes = Object.entries(readRoutePreloads(options.webDir)).map(([route, preload]) => ({
      pattern: route.split('/'),
      preload,
      page: undefined as Promise<EncodedBody> | undefined,
    }));
    const perPath = new Map<string, { page: Promise<EncodedBody>; until: number }>();
    const pageFor = (pathname: string): EncodedBody | Promise<EncodedBody> | undefined => {
      if (indexHtml === undefined) return undefined;
      const segments = pathname.split('/');
      const route = routes.find((candidate) => matchesRoute(candidate.pattern, segments));
      if (!route) return indexPage;
      const html = () =>
        injectPreloads(indexHtml, route.preload, {
          storeId: options.runtimeConfig.store_id,
          params: routeParams(route.pattern, segments),
        });
      if (route.preload.data.length === 0) return (route.page ??= renderPage(html()));
      const now = Date.now();
      const cached = perPath.get(pathname);
      if (cached && cached.until > now) return cached.page;
      // Bounded: paths come from visitors.
      if (perPath.size >= 1000) perPath.clear();
      const page = renderPathPage(html(), pathname);
      // Kept for a minute, so a product's new images show.
      perPath.set(pathname, { page, until: now + PATH_PAGE_TTL_MS });
      return page;
    };
    const renderPathPage = async (html: string, pathname: string) => {
      const image = await options.pageImage?.(pathname).catch((error: unknown) => {
        app.log.warn({ err: error }, 'page image lookup failed');
        return undefined;
      });
      return renderPage(image ? insertInHead(html, imagePreloadLink(image)) : html);
    };

    // The payment pages' own entry (pay.html, src/shared/pay-entry.ts), with
    // the API answer its first paint waits for announced as a preload and, for
    // a payment link, its preview for chat apps. One rendering per such URL
    // (it holds the link's ref or token), kept for a minute so product edits show.
    const payFile = path.join(options.webDir, 'pay.html');
    const payHtml = existsSync(payFile) ? readFileSync(payFile, 'utf8') : undefined;
    const payPages = new Map<string, { page: Promise<EncodedBody>; until: number }>();
    const renderPayPage = async (html: string, pathname: string, search: string, data: string) => {
      let head = fetchPreloadLink(data);
      const preview = await options.linkPreview?.(pathname, search).catch((error: unknown) => {
        app.log.warn({ err: error }, 'link preview failed');
        return undefined;
      });
      if (preview) {
        // A function, not a string: in a replacement string `$&`, `$'` and `` $` ``
        // would copy parts of the template wherever a product's text holds them.
        const title = `<title>${escapeHtml(preview.title)}</title>`;
        html = html.replace(/<title>[^<]*<\/title>/, () => title);
        head += linkPreviewTags(preview);
      }
      return renderPage(insertInHead(html, head));
    };
    const payPageFor = (pathname: string, search: string) => {
      if (payHtml === undefined) return undefined;
      const data = payEntryFirstRequest(pathname, search);
      if (data === undefined) return undefined;
      const now = Date.now();
      const cached = payPages.get(data);
      if (cached && cached.until > now) return cached.page;
      // Bounded: addresses come from visitors.
      if (payPages.size >= 1000) payPages.clear();
      const page = renderPayPage(payHtml, pathname, search, data);
      payPages.set(data, { page, until: now + PAY_PAGE_TTL_MS });
      return page;
    };

    if (indexPage !== undefined) {
      const inMemory: string[] = [];
      let uncompressed = 0;
      for (const file of listFiles(options.webDir)) {
        const contentType = compressibleType(file);
        if (contentType === undefined || file === 'index.html' || file === 'pay.html') continue;
        const body = readPrecompressedFile(
          path.join(options.webDir, file),
          contentType,
          cacheControlFor(file),
        );
        if (body.codings.length === 0 && body.identity.length >= MIN_COMPRESS_BYTES) {
          uncompressed += 1;
        }
        inMemory.push(file);
        app.get(`/${file}`, (request, reply) => sendEncodedBody(request, reply, body));
      }
      if (uncompressed > 0) {
        app.log.warn(
          `${uncompressed} web files have no compressed copy: build the web app with scripts/build.ts`,
        );
      }
      await app.register(fastifyStatic, {
        root: options.webDir,
        wildcard: false,
        index: false,
        // Answered above from memory (index.html through the not-found handler below).
        globIgnore: ['index.html', 'pay.html', '**/*.br', '**/*.gz', ...inMemory],
        setHeaders(res, filePath) {
          res.header('cache-control', cacheControlFor(path.relative(options.webDir, filePath)));
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const [pathname = '/', query = ''] = request.url.split(/\?(.*)/s);
      const isBackend =
        pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/files/');
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      const payPage = isBackend || !wantsPage ? undefined : payPageFor(pathname, query);
      const page = payPage ?? (isBackend || !wantsPage ? undefined : pageFor(pathname));
      const payLink = PAY_LINK.exec(pathname);
      if (payPage !== undefined && payLink && request.method === 'GET') {
        const productId = safeDecode(payLink[1]!);
        if (productId) options.payLinkVisited?.(request, productId, new URLSearchParams(query));
      }
      if (page !== undefined) return sendEncodedBody(request, reply, await page);
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: API_MESSAGES.routeNotFound } });
    });
  },
);

const safeDecode = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/** A payment link's page: `/pay/:productId`. */
const PAY_LINK = /^\/pay\/([^/]+)\/?$/;

export interface RoutePreload {
  /** Chunk files, as `/assets/…` paths. */
  modules: string[];
  /** API URL templates: `{storeId}`, and `{name}` for the path's `:name`. */
  data: string[];
}

/**
 * `.vite/route-preloads.json`, written by the build (vite.config.ts from
 * src/web/app/route-preloads.ts): for a page path such as `/product/:id`, the
 * chunks and API answers its first paint needs beyond the main bundle.
 * Missing (an older build, the tests): none.
 */
function readRoutePreloads(webDir: string): Record<string, RoutePreload> {
  const file = path.join(webDir, '.vite', 'route-preloads.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, RoutePreload>;
}

/** How long a payment page's rendering (with its product's preview) is reused. */
const PAY_PAGE_TTL_MS = 60_000;
/** How long a page rendered for its path (with its API answers and image announced) is reused. */
const PATH_PAGE_TTL_MS = 60_000;

/**
 * Links at the end of <head>: the chunks as modulepreload with low priority,
 * so the main bundle and the styles, which the first paint needs first, keep
 * the bandwidth (the chunks still arrive long before the main bundle has run
 * and imports them); the API answers as fetch preloads (`crossorigin` gives
 * them the mode and credentials of the page's own fetch, so it reuses them).
 */
export function injectPreloads(
  html: string,
  preload: RoutePreload,
  values: { storeId: string; params: Record<string, string> },
): string {
  const fill = (template: string) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(name === 'storeId' ? values.storeId : (values.params[name] ?? '')),
    );
  const links = [
    ...preload.modules.map(
      (file) =>
        `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(encodeURI(file))}">`,
    ),
    ...preload.data.map((template) => fetchPreloadLink(fill(template))),
  ].join('');
  return insertInHead(html, links);
}

/** An API answer as a fetch preload (`crossorigin`: the mode and credentials of the page's own fetch). */
function imagePreloadLink(url: string): string {
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(url)}">`;
}

function fetchPreloadLink(url: string): string {
  return `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`;
}

function insertInHead(html: string, markup: string): string {
  // A function replacement: the markup carries text people wrote, `$&` included.
  return html.includes('</head>')
    ? html.replace('</head>', () => `${markup}</head>`)
    : markup + html;
}

/** The decoded values of a pattern's `:name` segments. */
function routeParams(pattern: string[], segments: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  pattern.forEach((part, i) => {
    if (!part.startsWith(':')) return;
    try {
      params[part.slice(1)] = decodeURIComponent(segments[i] ?? '');
    } catch {
      params[part.slice(1)] = segments[i] ?? '';
    }
  });
  return params;
}

/** `/product/:id` against `/product/abc`: same length, equal segments, `:name` matches any non-empty one. */
function matchesRoute(pattern: string[], segments: string[]): boolean {
  const trimmed = segments.length > 1 && segments.at(-1) === '' ? segments.slice(0, -1) : segments;
  return (
    pattern.length === trimmed.length &&
    pattern.every((part, i) => (part.startsWith(':') ? trimmed[i] !== '' : part === trimmed[i]))
  );
}

/** Hashed bundles never change; other public files may, so they are revalidated soon. */
function cacheControlFor(relativePath: string): string {
  if (relativePath.split(path.sep).join('/').startsWith('assets/'))
    return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}
