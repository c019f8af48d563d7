import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import federation from '@originjs/vite-plugin-federation';
import { deferBoot } from './deferBoot.ts';
import {
  REMOTE_NAMES,
  commonPlugins,
  federationBuild,
  jsxOptions,
  serverViteConfig,
  sharedConfig,
  shellChunks,
  compileHint,
} from '../scripts/federation.ts';

/*
 * The host. Remote URLs are NOT written here: each remote is declared with a promise that only
 * rejects, and src/remotes/registry.ts replaces it at start-up with the URL from /config.json
 * (`__federation_method_setRemote`). Declaring them is still needed so the plugin builds the
 * host runtime and its share scope.
 */
const remotes = Object.fromEntries(
  REMOTE_NAMES.map((name) => [
    name,
    {
      external: `Promise.reject(new Error('remote ${name} is not registered yet'))`,
      externalType: 'promise' as const,
      format: 'esm' as const,
      from: 'vite' as const,
    },
  ]),
);

// `--ssr src/server.tsx`: the page frame for the render service instead (scripts/federation.ts).
const serverConfig = {
  base: '/',
  ...serverViteConfig(),
  resolve: {
    alias: [
      { find: 'virtual:__federation__', replacement: fileURLToPath(new URL('src/remotes/noFederation.ts', import.meta.url)) },
      { find: /^.*\/notify\/NotificationPrompt\.tsx$/, replacement: fileURLToPath(new URL('src/server/browserOnly.tsx', import.meta.url)) },
    ],
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverConfig
    : {
        base: '/',
        esbuild: jsxOptions,
        plugins: [
          ...commonPlugins(),
          federation({
            name: 'shell',
            remotes,
            shared: sharedConfig({ role: 'host' }),
          }),
          deferBoot(),
          compileHint(),
        ],
        build: {
          ...federationBuild,
          outDir: 'dist',
          emptyOutDir: true,
          rollupOptions: {
            output: {
              manualChunks: shellChunks,
              // A recognisable file name for the auth SDK, which must stay out of every visitor's page
              // (the e2e tests and the size report look for it). Only the name changes: a manualChunks
              // rule would also pull the Firebase core that the database needs into that chunk.
              chunkFileNames: (chunk) =>
                chunk.facadeModuleId && /[\\/]node_modules[\\/]firebase[\\/]auth[\\/]/.test(chunk.facadeModuleId)
                  ? 'assets/firebase-auth-[hash].js'
                  : 'assets/[name]-[hash].js',
            },
          },
        },
      },
);
