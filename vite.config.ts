import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { payEntryPage } from './src/shared/pay-entry.js';
import { ROUTE_PRELOADS } from './src/web/app/route-preloads.js';

const root = path.resolve(import.meta.dirname, 'src/web');
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * `npm run dev`: the page Vite serves gets the same runtime config block the
 * server writes into the built index.html (src/shared/runtime-config.ts), asked
 * from the API server. Inlined because Vite loads this file without our aliases.
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'vendemas-dev-runtime-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      try {
        const response = await fetch(`${apiTarget}/api/public/config`);
        if (!response.ok) return html;
        const json = JSON.stringify(await response.json()).replaceAll('<', '\\u003c');
        return html.replace(
          '</head>',
          `<script type="application/json" id="vm-config">${json}</script></head>`,
        );
      } catch {
        return html;
      }
    },
  };
}

/**
 * Writes `.vite/route-preloads.json` ({ path: { modules: ['/assets/x.js', …],
 * data: [url templates] } }): for each page of src/web/app/route-preloads.ts,
 * the chunks of its modules and everything they import, minus what
 * index.html already loads, and the API answers it waits for. The server
 * announces them in the page (src/server/plugins/spa.ts).
 */
function routePreloads(): Plugin {
  return {
    name: 'vendemas-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        start.forEach(visit);
        return seen;
      };
      const inIndex = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const preloads: Record<string, { modules: string[]; data: string[] }> = {};
      for (const route of ROUTE_PRELOADS) {
        const files = route.modules.map((module) => {
          const id = path.join(root, module);
          const chunk =
            chunks.find((c) => c.facadeModuleId === id) ??
            chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`route-preloads: no chunk holds ${module}`);
          return chunk.fileName;
        });
        preloads[route.path] = {
          modules: [...closure(files)].filter((file) => !inIndex.has(file)).map((f) => `/${f}`),
          data: route.data ?? [],
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-preloads.json',
        source: JSON.stringify(preloads, null, 2),
      });
    },
  };
}

/**
 * `npm run dev`: the payment pages' addresses get pay.html, as the server
 * sends them in production (src/server/plugins/spa.ts).
 */
function devPayEntry(): Plugin {
  return {
    name: 'vendemas-dev-pay-entry',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const url = new URL(request.url ?? '/', 'http://dev');
        const accepts = request.headers.accept ?? '';
        if (accepts.includes('text/html') && payEntryPage(url.pathname, url.search)) {
          request.url = `/pay.html${url.search}`;
        }
        next();
      });
    },
  };
}

/**
 * The payment pages' entry, built after the main app into the same folder
 * (`vite build --mode pay`, scripts/build.ts): pay.html with React's API
 * answered by Preact (preact/compat), about a tenth of React's size, so a
 * buyer's phone loads the page within its 90 KB budget. The same components
 * run on React in `npm run dev` and in the tests.
 */
const PAY_ENTRY_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ mode }) => ({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [
    react(),
    tailwindcss(),
    devRuntimeConfig(),
    devPayEntry(),
    ...(mode === 'pay' ? [] : [routePreloads()]),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: path.resolve(import.meta.dirname, 'src/shared') },
      { find: '@web', replacement: root },
      ...(mode === 'pay' ? PAY_ENTRY_ALIASES : []),
      // react-router's package exports point at its development build; ship the production one.
      ...(mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve(
                import.meta.dirname,
                'node_modules/react-router/dist/production/index.mjs',
              ),
            },
          ]
        : []),
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    // The pay entry is added to the main app's output.
    emptyOutDir: mode !== 'pay',
    // Public files are copied once, with the main app.
    copyPublicDir: mode !== 'pay',
    rollupOptions: {
      input: path.join(root, mode === 'pay' ? 'pay.html' : 'index.html'),
    },
    sourcemap: false,
    target: 'es2022',
    // Every browser that runs es2022 supports modulepreload natively.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/files': apiTarget,
      '/dev': apiTarget,
    },
  },
}));
