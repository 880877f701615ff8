import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) answers these prefixes; in development Vite forwards them.
const apiPrefixes = ['/ai', '/api', '/passport', '/media'];
const apiTarget = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // libraries change less often than the app: separate chunks stay cached across releases
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router-query', test: /node_modules[\\/](react-router|@tanstack)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // only the 3D avatar viewer imports these, lazily: a group of their own keeps them out of vendor
            { name: 'three', test: /node_modules[\\/](three|@pixiv[\\/]three-vrm[^\\/]*)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
