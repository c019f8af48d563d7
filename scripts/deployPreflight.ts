import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * What a real deploy needs on this machine before it builds anything: the Google Cloud CLI, new
 * enough for the probe flags of `gcloud run deploy`, signed in; and credentials firebase-tools
 * can use. Checked without the network, so that a missing tool fails in a second, not after the
 * build.
 */

/** `gcloud run deploy --startup-probe/--liveness-probe` left alpha and beta in Cloud SDK 515.0.0. */
const MIN_GCLOUD = [515, 0, 0] as const;

type Env = NodeJS.ProcessEnv;

function gcloud(args: string[], env: Env): { ok: boolean; missing: boolean; stdout: string } {
  const result = spawnSync('gcloud', args, { env, encoding: 'utf8', timeout: 60_000 });
  const missing = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return { ok: result.status === 0, missing, stdout: result.stdout ?? '' };
}

function olderThan(version: string, minimum: readonly number[]): boolean {
  const parts = version.split('.').map(Number);
  for (let i = 0; i < minimum.length; i++) {
    const [have = 0, want = 0] = [parts[i], minimum[i]];
    if (have !== want) return have < want;
  }
  return false;
}

function gcloudProblems(env: Env): string[] {
  const version = gcloud(['version', '--format=json'], env);
  if (version.missing) {
    return [
      'gcloud (the Google Cloud CLI) is not installed or not on PATH: install it (https://cloud.google.com/sdk/docs/install), run `gcloud auth login`, then run the deploy again.',
    ];
  }
  if (!version.ok) return ['`gcloud version` failed: check the Google Cloud CLI installation, then run the deploy again.'];
  const sdk = (JSON.parse(version.stdout) as Record<string, string | undefined>)['Google Cloud SDK'] ?? '0';
  const problems: string[] = [];
  if (olderThan(sdk, MIN_GCLOUD)) {
    problems.push(
      `gcloud ${sdk} is too old: the deploy's probe flags need ${MIN_GCLOUD.join('.')} or newer; run \`gcloud components update\`.`,
    );
  }
  const account = gcloud(['auth', 'list', '--filter=status:ACTIVE', '--format=value(account)'], env);
  if (!account.ok || account.stdout.trim() === '')
    problems.push('gcloud has no active account: run `gcloud auth login`, then run the deploy again.');
  return problems;
}

/**
 * firebase-tools takes, in order: FIREBASE_TOKEN, the account of `firebase login` (kept in its
 * configstore file), or Google's application default credentials (GOOGLE_APPLICATION_CREDENTIALS,
 * or the file `gcloud auth application-default login` writes).
 */
function firebaseCredentials(env: Env): boolean {
  const home = env.HOME ?? homedir();
  const config = env.XDG_CONFIG_HOME ?? join(home, '.config');
  const gcloudConfig = env.CLOUDSDK_CONFIG ?? join(config, 'gcloud');
  if (env.FIREBASE_TOKEN) return true;
  if (env.GOOGLE_APPLICATION_CREDENTIALS && existsSync(env.GOOGLE_APPLICATION_CREDENTIALS)) return true;
  if (existsSync(join(gcloudConfig, 'application_default_credentials.json'))) return true;
  try {
    const store = JSON.parse(readFileSync(join(config, 'configstore', 'firebase-tools.json'), 'utf8')) as {
      user?: unknown;
      tokens?: unknown;
    };
    return Boolean(store.user && store.tokens);
  } catch {
    return false;
  }
}

/** One sentence per missing tool or credential, each saying what to run; empty when the deploy can start. */
export function preflightProblems(env: Env): string[] {
  const problems = gcloudProblems(env);
  if (!firebaseCredentials(env)) {
    problems.push(
      'firebase has no credentials: run `npx firebase login` (or `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account key file), then run the deploy again.',
    );
  }
  return problems;
}
