import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { buildCsp } from './electron/core/csp';

/**
 * The renderer's CSP as a <meta> tag, in production builds only: the dev server injects an inline
 * React-refresh preamble that the policy would block. The policy is the one main and the harness
 * send as a header (buildCsp), so it is written once.
 */
export function cspMetaPlugin(): Plugin {
  return {
    name: 'bizops-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: buildCsp() }, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    // The demo sandbox is its own entry: electron/main/demo-host.ts forks it as a utility process.
    build: { rollupOptions: { input: { index: resolve(__dirname, 'electron/main/index.ts'), 'demo-sandbox': resolve(__dirname, 'electron/sandbox/demo-child-entry.ts') } } },
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
    plugins: [react(), cspMetaPlugin()],
    // esbuild's minifier: half terser's build time for about 3% more gzip (measured on the first screen's chunk).
    // No gzip sizes in the build report: the bench measures the first screen's gzip itself (bundle-size.ts).
    build: { minify: 'esbuild', reportCompressedSize: false, rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } } },
  },
});
