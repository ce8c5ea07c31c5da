/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev` talks to `healthtracker serve` on the default port.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    sourcemap: false,
    rollupOptions: {
      output: {
        // Keep React and MUI in their own long-cached chunks.
        manualChunks(id: string) {
          if (id.includes('node_modules/@mui') || id.includes('node_modules/@emotion')) return 'mui';
          if (id.includes('node_modules/react') || id.includes('node_modules/scheduler')) return 'react';
          if (id.includes('node_modules/@reduxjs') || id.includes('node_modules/redux') || id.includes('node_modules/immer') || id.includes('node_modules/reselect')) return 'redux';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Lazily loaded pages make the first render of a file slow on a busy two-core CI machine:
    // with a release build running beside the suite, three dashboard tests took 15.7 s each.
    testTimeout: 60000,
  },
});
