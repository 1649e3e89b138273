import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { buildMetaCsp } from './electron/core/csp';

/**
 * The renderer's CSP as a <meta> tag, in production builds only: the dev server injects an inline
 * React-refresh preamble that the policy would block. The policy is the one main and the harness
 * send as a header (buildCsp), less the directives a <meta> cannot carry (buildMetaCsp), so it is written once.
 */
export function cspMetaPlugin(): Plugin {
  return {
    name: 'bizops-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: buildMetaCsp() }, injectTo: 'head-prepend' }],
  };
}

/**
 * Marks every lazily loaded chunk (a screen, a group's declarations) for V8 to compile whole when it
 * loads (the `allFunctionsCalledOnLoad` compile hint, Chromium 136 and later; older engines read a
 * comment). A screen's chunk is fetched ahead, on intent or when the window is idle, and nearly all of
 * it runs when the screen opens: compiled then, each function was compiled on its first call, inside
 * the screen's first render (a customer page: 88 to 67 ms median, 10 opens each). The entry chunk
 * stays lazy: most of it is not needed for the first screen.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'bizops-compile-hints',
    apply: 'build',
    // On the written files: Vite prepends its own preamble (a chunk's map of dependencies) after every
    // plugin's generateBundle, and a hint counts only as the first line.
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.isEntry || !options.dir) continue;
        const file = join(options.dir, chunk.fileName);
        writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
      }
    },
  };
}

export default defineConfig({
  // main and its workers load package.json `dependencies` from node_modules at run time (electron-vite's
  // default: they stay external and are what the package ships); everything else is bundled.
  main: {
    // The demo sandbox is its own entry: electron/main/demo-host.ts forks it as a utility process. The local
    // copy's engine too: a worker thread of main's process, and its back room, a thread the engine starts
    // (electron/core/local/engine-launch.ts).
    build: { rollupOptions: { input: {
      index: resolve(__dirname, 'electron/main/index.ts'),
      'demo-sandbox': resolve(__dirname, 'electron/sandbox/demo-child-entry.ts'),
      engine: resolve(__dirname, 'electron/core/local/engine-worker.ts'),
      'engine-back-room': resolve(__dirname, 'electron/core/local/back-room-worker.ts'),
    } } },
  },
  preload: {
    // A sandboxed preload cannot be ESM, and its require() knows only electron and a few built-ins:
    // zod (the contract it checks events with) is bundled into it.
    build: { externalizeDeps: false, rollupOptions: { input: { index: resolve(__dirname, 'electron/preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } } },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    // Relative asset paths: served from a custom protocol (Electron) and a loopback server (harness).
    base: './',
    plugins: [react(), cspMetaPlugin(), compileHintsPlugin()],
    // esbuild's minifier: half terser's build time for about 3% more gzip (measured on the first screen's chunk).
    // No gzip sizes in the build report: the bench measures the first screen's gzip itself (bundle-size.ts).
    build: { minify: 'esbuild', reportCompressedSize: false, rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } } },
  },
});
