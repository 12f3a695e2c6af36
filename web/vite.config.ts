import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev`: Vite serves the client and forwards the API and the photos to the
// shop server (npm run dev:api, on API_PORT or 3000), so the browser sees one origin.
const api = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The strict CSP allows no inline script: keep every module in a file.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': api,
      '/media': api,
    },
  },
});
