// Provisions the dashboard admin: finds the user by email (or creates it) and sets the custom
// claim `admin: true` that database.rules.json and the push service check.
//
//   npm run admin:create -- --email admin@example.com --password 'secret' [--project my-project] [--reset-password]
//
// Production: credentials from GOOGLE_APPLICATION_CREDENTIALS (or the environment's default
// credentials), project from --project, FIREBASE_PROJECT_ID or GOOGLE_CLOUD_PROJECT.
// Local: with FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin talks to the Auth emulator and
// needs no credentials; the project defaults to the one in .firebaserc.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { applicationDefault, initializeApp } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';

interface Options {
  email: string;
  password: string | undefined;
  project: string | undefined;
  resetPassword: boolean;
}

function parseCli(argv: readonly string[]): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      project: { type: 'string' },
      'reset-password': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const email = values.email?.trim();
  if (!email) throw new Error('--email is required');
  return { email, password: values.password, project: values.project, resetPassword: values['reset-password'] };
}

function localProjectId(): string | undefined {
  try {
    const rc = JSON.parse(readFileSync(new URL('../.firebaserc', import.meta.url), 'utf8')) as { projects?: { default?: string } };
    return rc.projects?.default;
  } catch {
    return undefined;
  }
}

function errorCode(error: unknown): unknown {
  return error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
}

async function findOrCreate(options: Options): Promise<{ user: UserRecord; action: string }> {
  const auth = getAuth();
  try {
    const user = await auth.getUserByEmail(options.email);
    if (options.resetPassword) {
      if (!options.password) throw new Error('--reset-password needs --password');
      return { user: await auth.updateUser(user.uid, { password: options.password }), action: 'found existing user, password reset' };
    }
    return {
      user,
      action: `found existing user${options.password ? ' (password left unchanged; pass --reset-password to change it)' : ''}`,
    };
  } catch (error) {
    if (errorCode(error) !== 'auth/user-not-found') throw error;
  }
  if (!options.password) throw new Error(`No user ${options.email} yet: --password is required to create it`);
  const user = await auth.createUser({ email: options.email, password: options.password, emailVerified: true });
  return { user, action: 'created user' };
}

async function main(): Promise<void> {
  const options = parseCli(process.argv.slice(2));
  const emulator = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  const projectId =
    options.project ??
    process.env['FIREBASE_PROJECT_ID'] ??
    process.env['GOOGLE_CLOUD_PROJECT'] ??
    process.env['GCLOUD_PROJECT'] ??
    (emulator ? localProjectId() : undefined);
  if (!projectId) throw new Error('No project: pass --project or set FIREBASE_PROJECT_ID');
  if (!emulator && projectId.startsWith('demo-')) {
    throw new Error(`${projectId} is a demo project that exists only in the emulators: set FIREBASE_AUTH_EMULATOR_HOST`);
  }

  // The emulator accepts any caller; a real project needs real credentials.
  initializeApp(emulator ? { projectId } : { projectId, credential: applicationDefault() });

  const { user, action } = await findOrCreate(options);
  const claims = { ...(user.customClaims ?? {}), admin: true };
  await getAuth().setCustomUserClaims(user.uid, claims);

  const where = emulator ? `Auth emulator at ${emulator}, project ${projectId}` : `project ${projectId}`;
  console.log(`admin:create: ${action}: ${options.email} (uid ${user.uid}) on ${where}`);
  console.log(
    `admin:create: custom claims now ${JSON.stringify(claims)}; the user must sign in again (or refresh the ID token) to get them`,
  );
}

main().catch((error: unknown) => {
  console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
