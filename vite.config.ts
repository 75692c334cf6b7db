import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ mode }) => ({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [react(), tailwindcss(), devRuntimeConfig()],
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
