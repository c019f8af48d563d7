import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * ESLint for every workspace (`npm run lint`, and the first step of `npm test`). Besides
 * typescript-eslint's recommended rules and the rules of hooks it enforces the boundaries between
 * the parts of the code base (docs/architecture.md, "Boundaries"), with a small local plugin whose
 * messages name the boundary and the two parts:
 *
 * - boundaries/remote-isolation: a remote imports neither another remote nor the shell; the shell
 *   loads remotes at run time through federation (`mf-results/Banner`), never their source files;
 * - boundaries/firebase-in-shared: only shared/ imports the Firebase client SDK (firebase/*);
 * - boundaries/server-not-scripts: the servers do not import the repository's scripts/.
 */

const ROOT = dirname(fileURLToPath(import.meta.url));
const REMOTES = ['mf-results', 'mf-chart', 'mf-agents', 'mf-fun', 'mf-admin'];
const SHELL = 'shell';

/** A path relative to the repository root with forward slashes, or null outside it. */
function fromRoot(absolute) {
  const path = relative(ROOT, absolute).split(sep).join('/');
  return path === '' || path.startsWith('../') || path === '..' ? null : path;
}

/**
 * What an import specifier points at: `path` (from the repository root) for a relative import, or
 * `pkg` and `subpath` for a bare one. Workspaces are packages named after their folder
 * (mf-chart, shell), so `mf-results/src/x.ts` reaches the same file as `../../mf-results/src/x.ts`.
 */
function target(filename, specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    return { path: fromRoot(resolve(dirname(filename), specifier)) };
  }
  const parts = specifier.split('/');
  const pkgLength = specifier.startsWith('@') ? 2 : 1;
  return { pkg: parts.slice(0, pkgLength).join('/'), subpath: parts.slice(pkgLength).join('/') };
}

/** Calls `check(node, specifier)` for every import, re-export, dynamic import and `import('x')` type with a literal source. */
function importVisitor(check) {
  const literal = (node, source) => {
    if (source?.type === 'Literal' && typeof source.value === 'string') check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) => literal(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
  };
}

/** The rule's create(): `visit(file, node, specifier)` for every import of a file inside the repository. */
function onImports(visit) {
  return (context) => {
    const file = fromRoot(context.filename);
    if (file === null) return {};
    return importVisitor((node, specifier) => visit(context, file, node, specifier));
  };
}

const remoteIsolation = {
  meta: {
    type: 'problem',
    docs: { description: 'A remote imports no other remote and not the shell; the shell imports no remote source.' },
    schema: [],
    messages: {
      remote: 'boundaries: a remote must not import another remote ({{from}} -> {{to}}); share through shared/ or federation',
      shell: 'boundaries: a remote must not import the shell ({{from}} -> shell); share through shared/',
      shellSource:
        "boundaries: the shell must not import a remote's source files (shell -> {{to}}); load it at run time through federation ('{{to}}/Widget')",
    },
  },
  create: onImports((context, file, node, specifier) => {
    const from = file.split('/')[0];
    if (from !== SHELL && !REMOTES.includes(from)) return;
    const to = target(context.filename, specifier);
    const top = to.path?.split('/')[0] ?? to.pkg;
    if (top === from) return;
    if (REMOTES.includes(from)) {
      if (REMOTES.includes(top)) context.report({ node, messageId: 'remote', data: { from, to: top } });
      else if (top === SHELL) context.report({ node, messageId: 'shell', data: { from } });
      return;
    }
    // The shell: `mf-results/Banner` (a package name and one exposed module, no extension) is a
    // federation specifier; a relative path into a remote, or a deeper path, is its source.
    if (!REMOTES.includes(top)) return;
    const federated = to.pkg !== undefined && /^[A-Za-z][\w-]*$/.test(to.subpath);
    if (!federated) context.report({ node, messageId: 'shellSource', data: { to: top } });
  }),
};

const firebaseInShared = {
  meta: {
    type: 'problem',
    docs: { description: 'Only shared/ imports the Firebase client SDK (firebase/*, @firebase/*).' },
    schema: [],
    messages: {
      firebase:
        'boundaries: only shared/ may import the Firebase client SDK ({{from}} -> {{specifier}}); read and write through the data service of @satta/shared',
    },
  },
  create: onImports((context, file, node, specifier) => {
    const { pkg } = target(context.filename, specifier);
    if (pkg === 'firebase' || pkg?.startsWith('@firebase/')) {
      const parts = file.split('/');
      const from = parts[0] === 'server' && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
      context.report({ node, messageId: 'firebase', data: { from, specifier } });
    }
  }),
};

const serverNotScripts = {
  meta: {
    type: 'problem',
    docs: { description: 'Code in server/ does not import scripts/.' },
    schema: [],
    messages: {
      scripts:
        'boundaries: server code must not import scripts/ ({{from}} -> {{to}}); the servers ship without the repository scripts, move what they need into the server or shared/',
    },
  },
  create: onImports((context, file, node, specifier) => {
    const { path } = target(context.filename, specifier);
    if (file.startsWith('server/') && path?.startsWith('scripts/')) {
      context.report({ node, messageId: 'scripts', data: { from: file.split('/').slice(0, 2).join('/'), to: path } });
    }
  }),
};

const boundaries = {
  meta: { name: 'boundaries' },
  rules: { 'remote-isolation': remoteIsolation, 'firebase-in-shared': firebaseInShared, 'server-not-scripts': serverNotScripts },
};

/** Test code that needs what the boundaries deny to application code. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/.vite/**',
      // Data and the builds' temporary folders (scripts/build.ts), wherever .gitignore lists them.
      '**/.data/**',
      '**/.dist-building-*/**',
      '**/.dist-old-*/**',
      // Vite's transient copy of a config while it loads it (vite.config.ts.timestamp-….mjs).
      '**/*.timestamp-*.mjs',
      'screenshots/**',
      'test-results/**',
      'e2e/.artifacts/**',
      'server/auth-seed/**',
      // Remote bundles the render service compiles at run time (server/render/.gitignore).
      'server/render/.remote-bundles/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a parameter or binding that is unused on purpose (a stub's
      // signature, a property left out of a rest object).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Database keys, paths and messages are checked for control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['shell/public/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['shared/**/*.{ts,tsx}', 'shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    plugins: { boundaries },
    rules: {
      'boundaries/remote-isolation': 'error',
      'boundaries/firebase-in-shared': 'error',
      'boundaries/server-not-scripts': 'error',
    },
  },
  {
    files: ['shared/**'],
    rules: { 'boundaries/firebase-in-shared': 'off' },
  },
  {
    // Tests that exist to drive the client SDK as a visitor's browser would: the rules tests, the
    // local database server's compatibility tests (server/rtdb, with its test support), the
    // end-to-end tests and the benchmarks of scripts/. The shell's and the remotes' tests stay
    // bound: application code, tests included, reaches Firebase only through shared/.
    files: [...TEST_FILES, 'server/rtdb/src/test-support.ts', 'server/rtdb/src/bystander.ts', 'e2e/**', 'scripts/bench-*.ts'],
    ignores: ['shell/**', 'mf-*/**'],
    rules: { 'boundaries/firebase-in-shared': 'off' },
  },
  {
    // Server tests and their harnesses build the apps and start the local stack with the
    // repository scripts (scripts/build.ts, stack.ts); none of that ships with a server.
    files: TEST_FILES.map((glob) => `server/${glob}`),
    rules: { 'boundaries/server-not-scripts': 'off' },
  },
);
