import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellLine } from './deployPlan.ts';

/**
 * The tools' own argument checks on the dry run's commands, where the tools are installed. Each
 * command is run as printed, but in surroundings that hold no credentials: a new empty home and
 * configuration folders (CLOUDSDK_CONFIG, XDG_CONFIG_HOME), no FIREBASE_TOKEN or
 * GOOGLE_APPLICATION_CREDENTIALS, prompts off. Both tools parse and check a command's arguments
 * first (an unknown flag, a bad value, a missing argument: gcloud exits 2, firebase-tools says
 * "unknown option" or "missing required argument") and only then ask for credentials, which there
 * are none of, so each stops there and nothing reaches Google Cloud or Firebase. A command passes
 * when the tool stopped at authentication: for firebase-tools that is the only pass, since a
 * command it takes for another (`--version` prints its version and exits 0) never gets there.
 */

export type ToolCheck =
  { kind: 'skipped'; tool: string; reason: string } | { kind: 'checked'; tool: string; version: string; count: number; problems: string[] };

const CONCURRENCY = 4;
/** gcloud: the arguments were accepted and it needs an account. */
const GCLOUD_NEEDS_ACCOUNT = /You do not currently have an active account selected|gcloud auth login/;
/** firebase-tools: the arguments were accepted and it needs credentials. */
const FIREBASE_NEEDS_LOGIN = /Failed to authenticate, have you run firebase login\?/;

function runOne(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number | null; output: string }> {
  const [program = '', ...args] = argv;
  return new Promise((resolvePromise) => {
    const child = spawn(program, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolvePromise({ code: null, output: error.message }));
    child.on('close', (code) => resolvePromise({ code, output }));
  });
}

/** The tool's message: its first `ERROR`/`Error`/`error` line, else its first line. */
function firstLine(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.find((line) => /^error/i.test(line)) ?? lines[0] ?? '';
}

async function inParallel<T>(items: readonly T[], each: (item: T) => Promise<string | null>): Promise<string[]> {
  const results = new Array<string | null>(items.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await each(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results.filter((result): result is string => result !== null);
}

/** An environment with no credentials of either tool, its folders under `home`. */
function withoutCredentials(env: NodeJS.ProcessEnv, home: string): NodeJS.ProcessEnv {
  mkdirSync(join(home, '.config'), { recursive: true });
  const isolated: NodeJS.ProcessEnv = {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    CLOUDSDK_CONFIG: join(home, 'gcloud'),
    CLOUDSDK_CORE_DISABLE_PROMPTS: '1',
    CLOUDSDK_CORE_DISABLE_USAGE_REPORTING: '1',
    NO_UPDATE_NOTIFIER: '1',
  };
  for (const name of [
    'FIREBASE_TOKEN',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'CLOUDSDK_AUTH_ACCESS_TOKEN_FILE',
    'CLOUDSDK_CORE_ACCOUNT',
    'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
  ])
    delete isolated[name];
  return isolated;
}

async function gcloudChecks(argvs: readonly (readonly string[])[], env: NodeJS.ProcessEnv, cwd: string): Promise<ToolCheck> {
  const version = spawnSync('gcloud', ['version', '--format=json'], { env, cwd, encoding: 'utf8' });
  if ((version.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    return { kind: 'skipped', tool: 'gcloud', reason: 'gcloud is not on PATH' };
  }
  let sdk = 'unknown';
  try {
    sdk = (JSON.parse(version.stdout) as Record<string, string | undefined>)['Google Cloud SDK'] ?? sdk;
  } catch {
    // An odd gcloud: the checks themselves say what they find.
  }
  const commands = argvs.filter((argv) => argv[0] === 'gcloud');
  const problems = await inParallel(commands, async (argv) => {
    const { code, output } = await runOne(argv, env, cwd);
    if (code === 0 || (code !== null && GCLOUD_NEEDS_ACCOUNT.test(output))) return null;
    return `gcloud refused the arguments of \`${shellLine(argv)}\`: ${firstLine(output) || `exit ${code}`}`;
  });
  return { kind: 'checked', tool: 'gcloud', version: sdk, count: commands.length, problems };
}

async function firebaseChecks(argvs: readonly (readonly string[])[], env: NodeJS.ProcessEnv, cwd: string): Promise<ToolCheck> {
  const bin = join(cwd, 'node_modules/.bin/firebase');
  if (!existsSync(bin)) return { kind: 'skipped', tool: 'firebase-tools', reason: 'node_modules/.bin/firebase is not installed' };
  const version = spawnSync(bin, ['--version'], { env, cwd, encoding: 'utf8' }).stdout?.trim() || 'unknown';
  const commands = argvs.filter((argv) => argv[0] === 'npx' && argv[1] === 'firebase');
  const problems = await inParallel(commands, async (argv) => {
    const { code, output } = await runOne([bin, ...argv.slice(2)], env, cwd);
    if (FIREBASE_NEEDS_LOGIN.test(output)) return null;
    const said =
      code === 0 ? `it exited 0 without asking for credentials, so it did not run that command (${firstLine(output)})` : firstLine(output);
    return `firebase-tools refused the arguments of \`${shellLine(argv)}\`: ${said || `exit ${code}`}`;
  });
  return { kind: 'checked', tool: 'firebase-tools', version, count: commands.length, problems };
}

/** gcloud's and firebase-tools' argument checks on every command of `argvs`, run from `cwd`. */
export async function argumentChecks(argvs: readonly (readonly string[])[], env: NodeJS.ProcessEnv, cwd: string): Promise<ToolCheck[]> {
  const home = mkdtempSync(join(tmpdir(), 'deploy-argument-checks-'));
  try {
    const isolated = withoutCredentials(env, home);
    // One tool after the other: each already runs four commands at once.
    return [await gcloudChecks(argvs, isolated, cwd), await firebaseChecks(argvs, isolated, cwd)];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
