import type { DeploySettings } from './deploySettings.ts';
import { DEFAULT_TIMEZONE } from '../shared/domain/siteTime.ts';
import { tasksEnvironment, tasksStage } from './deployTasks.ts';

/**
 * Every command `npm run deploy` runs, in order, for one project: printed as they are by
 * `--dry-run`, run by the deploy. Pure: the same inputs give the same commands.
 *
 * Order. The services go before Hosting: Hosting's rewrites send every page to satta-render, which
 * must exist when the Hosting version is released, and a page of the new render service names the
 * new build's hashed assets, which that service serves itself (Hosting passes any path it has no
 * file for to it) until Hosting has them too. Each Google Cloud step is idempotent, so the same
 * list sets a project up the first time and updates it every time after.
 */

export interface Command {
  argv: readonly string[];
  /** When this command succeeds, the step is done already (the resource exists) and is skipped. */
  unless?: readonly string[];
  /** Told the operator when the command fails, besides its own output. */
  onFailure?: string;
}

export interface Stage {
  title: string;
  commands: Command[];
}

export interface PlanInput {
  project: string;
  region: string;
  /** The image tag: the commit (and a time when the tree has changes). */
  tag: string;
  settings: DeploySettings;
  /** The project's firebase.json, relative to the repository (dist/deploy/<project>/firebase.json). */
  firebaseConfig: string;
}

export interface DeployPlan {
  build: Stage;
  cloud: Stage[];
  firebase: Stage;
  /** Printed, never run: the one-time provisioning of the admin. */
  admin: { note: string; command: string; after: string };
}

type ServiceName = 'render' | 'notify';

/**
 * Both services keep live Realtime Database listeners (render: the public data its pages are made
 * of; notify: today's results, which it announces when they are published), so:
 * - min-instances 1: a listener exists only while an instance runs; with none, the first visitor
 *   after a quiet spell waits for a cold start and the data, and no result would be announced;
 * - CPU always allocated (--no-cpu-throttling): the listeners, the pages rendered again on each
 *   change and the push fan-out run between requests, which a throttled CPU would stall;
 * - concurrency 80 per instance (Node serves many requests at once; render answers from memory);
 * - 1 CPU and 512 MiB: the rendered pages and each remote's server bundle are held in memory.
 * Database roles: firebase-admin reads and writes data under IAM, and the only predefined role
 * that grants data access is Firebase Realtime Database Admin (the Viewer role covers the
 * instances' metadata, not their data), so both services get it; render reads the public data
 * (and will repair the live read model), notify writes notifyState, publishes scheduled numbers
 * and removes dead subscriptions. Notify also checks that an admin's token was not revoked,
 * which reads the user from Firebase Auth (firebaseauth.viewer).
 */
const SERVICES: Record<ServiceName, { id: string; roles: readonly string[]; timeout: string; maxInstances: number; description: string }> =
  {
    render: {
      id: 'satta-render',
      roles: ['roles/firebasedatabase.admin'],
      // Pages come from memory in milliseconds; Hosting gives up on a Cloud Run answer after 60 s.
      timeout: '30s',
      maxInstances: 10,
      description: 'the server-rendered pages behind Hosting',
    },
    notify: {
      id: 'satta-notify',
      roles: ['roles/firebasedatabase.admin', 'roles/firebaseauth.viewer'],
      // GET /send-test answers within NOTIFY_SEND_TEST_DEADLINE_MS (25 s).
      timeout: '60s',
      // One instance does the work; more are safe (the sent ledger is shared) but each rate-limits alone.
      maxInstances: 3,
      description: 'push notifications',
    },
  };

const ARTIFACT_REPOSITORY = 'satta';

/**
 * Cloud Run's startup probe holds traffic until /readyz answers 200 (data loaded, database
 * reachable) and fails the revision, so the deploy, when it never does (at most 24 x 5 s = 2 min;
 * Cloud Run allows 240 s). The liveness probe restarts an instance whose process stopped answering
 * /healthz; it is not /readyz, because a database outage is not cured by a restart and the render
 * service keeps serving its last pages meanwhile. `gcloud run deploy` has had these flags since
 * Cloud SDK 515.0.0.
 */
const STARTUP_PROBE = 'httpGet.path=/readyz,periodSeconds=5,timeoutSeconds=3,failureThreshold=24';
const LIVENESS_PROBE = 'httpGet.path=/healthz,periodSeconds=30,timeoutSeconds=5,failureThreshold=3';

function serviceAccount(project: string, service: ServiceName): string {
  return `${SERVICES[service].id}@${project}.iam.gserviceaccount.com`;
}

function imageOf(input: Pick<PlanInput, 'project' | 'region' | 'tag'>, service: ServiceName): string {
  return `${input.region}-docker.pkg.dev/${input.project}/${ARTIFACT_REPOSITORY}/${service}:${input.tag}`;
}

function envVars(vars: Record<string, string>): string {
  for (const [name, value] of Object.entries(vars)) {
    // gcloud splits --set-env-vars at commas; deploySettings.ts refuses them in these values.
    if (value.includes(',')) throw new Error(`deploy: ${name}=${value} contains a comma, which gcloud would split`);
  }
  return Object.entries(vars)
    .map(([name, value]) => `${name}=${value}`)
    .join(',');
}

function environment(input: PlanInput, service: ServiceName): Record<string, string> {
  const { project, settings } = input;
  if (service === 'render') return { RENDER_SITE: settings.site, GOOGLE_CLOUD_PROJECT: project };
  return {
    GCLOUD_PROJECT: project,
    NOTIFY_DATABASE_URL: settings.firebase.databaseURL,
    VAPID_PUBLIC_KEY: settings.vapidPublicKey,
    VAPID_SUBJECT: settings.vapidSubject,
    NOTIFY_ALLOWED_ORIGINS: settings.site,
    // Cloud Run's front end is the one proxy that appends to X-Forwarded-For.
    NOTIFY_TRUST_PROXY: '1',
    NOTIFY_TIMEZONE: settings.timezone ?? DEFAULT_TIMEZONE,
    // A result's shards go through the Cloud Tasks queue (deployTasks.ts).
    ...tasksEnvironment(project, input.region, settings.notifyUrl),
  };
}

function serviceStage(input: PlanInput, service: ServiceName): Stage {
  const { project, region, settings } = input;
  const { id, roles, timeout, maxInstances, description } = SERVICES[service];
  const account = serviceAccount(project, service);
  const member = `serviceAccount:${account}`;
  const image = imageOf(input, service);
  const secret = settings.vapidPrivateKeySecret;
  const commands: Command[] = [
    {
      unless: ['gcloud', 'iam', 'service-accounts', 'describe', account, '--project', project],
      argv: ['gcloud', 'iam', 'service-accounts', 'create', id, '--display-name', `${id}: ${description}`, '--project', project],
    },
    ...roles.map((role) => ({
      argv: ['gcloud', 'projects', 'add-iam-policy-binding', project, '--member', member, '--role', role, '--condition', 'None', '--quiet'],
    })),
  ];
  if (service === 'notify') {
    commands.push(
      {
        argv: ['gcloud', 'secrets', 'describe', secret, '--project', project],
        onFailure:
          `Secret Manager has no secret ${secret} in ${project}: create it once from the private key of the pair whose public key is ` +
          `vapidPublicKey (\`printf %s "$VAPID_PRIVATE_KEY" | gcloud secrets create ${secret} --data-file=- --project ${project}\`), then deploy again.`,
      },
      {
        argv: [
          'gcloud',
          'secrets',
          'add-iam-policy-binding',
          secret,
          '--member',
          member,
          '--role',
          'roles/secretmanager.secretAccessor',
          '--condition',
          'None',
          '--quiet',
          '--project',
          project,
        ],
      },
    );
  }
  commands.push(
    { argv: ['gcloud', 'builds', 'submit', `dist/package/${service}`, '--tag', image, '--project', project] },
    {
      argv: [
        'gcloud',
        'run',
        'deploy',
        id,
        '--image',
        image,
        '--region',
        region,
        '--project',
        project,
        '--service-account',
        account,
        // Browsers call notify, and Hosting calls render as an anonymous invoker.
        '--allow-unauthenticated',
        '--min-instances',
        '1',
        '--max-instances',
        String(maxInstances),
        '--no-cpu-throttling',
        '--cpu-boost',
        '--concurrency',
        '80',
        '--cpu',
        '1',
        '--memory',
        '512Mi',
        '--timeout',
        timeout,
        '--startup-probe',
        STARTUP_PROBE,
        '--liveness-probe',
        LIVENESS_PROBE,
        '--set-env-vars',
        envVars(environment(input, service)),
        ...(service === 'notify' ? ['--set-secrets', `VAPID_PRIVATE_KEY=${secret}:latest`] : []),
      ],
    },
  );
  return { title: `${id}: service account and its roles, image, service (${description})`, commands };
}

export function deployPlan(input: PlanInput): DeployPlan {
  const { project, region, tag, settings, firebaseConfig } = input;
  return {
    build: {
      title: 'Build the site and the services',
      commands: [{ argv: ['npm', 'run', 'build'] }, { argv: ['npm', 'run', 'package'] }],
    },
    cloud: [
      {
        title: 'Google Cloud APIs and the image repository (once per project; no-ops afterwards)',
        commands: [
          {
            argv: [
              'gcloud',
              'services',
              'enable',
              'run.googleapis.com',
              'cloudbuild.googleapis.com',
              'artifactregistry.googleapis.com',
              'secretmanager.googleapis.com',
              'iam.googleapis.com',
              '--project',
              project,
            ],
          },
          {
            unless: ['gcloud', 'artifacts', 'repositories', 'describe', ARTIFACT_REPOSITORY, '--location', region, '--project', project],
            argv: [
              'gcloud',
              'artifacts',
              'repositories',
              'create',
              ARTIFACT_REPOSITORY,
              '--repository-format',
              'docker',
              '--location',
              region,
              '--project',
              project,
            ],
          },
        ],
      },
      serviceStage(input, 'render'),
      serviceStage(input, 'notify'),
      tasksStage(input.project, input.region, serviceAccount(input.project, 'notify')),
    ],
    firebase: {
      title: 'Hosting and the database rules',
      commands: [
        {
          argv: [
            'npx',
            'firebase',
            'deploy',
            '--only',
            'hosting,database',
            '--project',
            project,
            '--config',
            firebaseConfig,
            '--non-interactive',
            '--message',
            `satta ${tag}`,
          ],
        },
      ],
    },
    admin: {
      note: 'Once per project, with credentials that may manage Firebase Authentication users (a service account key with roles/firebaseauth.admin):',
      command: `(${shellLine([
        'cd',
        'dist/package/notify',
        '&&',
        'npm',
        'ci',
        '--omit=dev',
        '&&',
        'GOOGLE_APPLICATION_CREDENTIALS=key.json',
        'node',
        'server/admin-create.mjs',
        '--email',
        settings.adminEmail,
        '--password',
        '<a new password>',
        '--project',
        project,
      ])})`,
      after: `${settings.adminEmail} then signs in at ${settings.site}/signin; --reset-password with a new --password changes the password later.`,
    },
  };
}

/** A shell rendering of a command: what the operator can paste (`&&` and `||` stay operators). */
export function shellLine(argv: readonly string[]): string {
  return argv.map((arg) => (/^([\w@%+=:,./-]+|&&|\|\|)$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`)).join(' ');
}

/** How a command is shown: `describe … || create …` when it is skipped for an existing resource. */
export function commandLine(command: Command): string {
  return command.unless ? `${shellLine(command.unless)} || ${shellLine(command.argv)}` : shellLine(command.argv);
}
