import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiPort = Number(process.env.PORT ?? 8080);

// The console is a single-page app built to dist/; the reference server
// (server/main.ts) serves dist/ and /api on one origin. `npm run dev:console`
// runs Vite with hot reload and proxies /api and the socket to that server.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/socket.io': { target: `ws://localhost:${apiPort}`, ws: true },
    },
  },
  test: {
    include: ['{engine,renderer,console,server,scripts,fixtures}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'forks',
  },
});
