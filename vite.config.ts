import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
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

export default defineConfig(({ mode }) => ({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [react(), tailwindcss(), devRuntimeConfig(), routePreloads()],
  resolve: {
    alias: [
      { find: '@shared', replacement: path.resolve(import.meta.dirname, 'src/shared') },
      { find: '@web', replacement: root },
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
    emptyOutDir: true,
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
