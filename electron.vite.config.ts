import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: { rollupOptions: { input: { index: resolve(__dirname, 'electron/main/index.ts') } } },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    // Sandboxed preloads cannot be ESM.
    build: { rollupOptions: { input: { index: resolve(__dirname, 'electron/preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    // Relative asset paths: served from a custom protocol (Electron) and a loopback server (harness).
    base: './',
    plugins: [react()],
    // Minified, with gzip sizes in the build report (bundle size is tracked per chunk).
    build: { minify: 'esbuild', reportCompressedSize: true, rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } } },
  },
});
