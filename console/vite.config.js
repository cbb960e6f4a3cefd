import { defineConfig } from 'vite';

// The gateway serves the built console at /console from its class path (META-INF/resources);
// `npm run dev` serves it with hot reload and sends API calls to a gateway on port 8080.
export default defineConfig({
  base: '/console/',
  build: {
    outDir: 'target/classes/META-INF/resources/console',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/v1': 'http://127.0.0.1:8080' },
  },
});
