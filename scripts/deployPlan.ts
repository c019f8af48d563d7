import type { DeploySettings } from './deploySettings.ts';
import { DEFAULT_TIMEZONE } from '../shared/domain/siteTime.ts';
import { tasksEnvironment, tasksStage } from './deployTasks.ts';

/**
 * Every command `npm run deploy` runs, in order, for one project: printed as they are by
 * `--dry-run`, run by the deploy. Pure: the same inputs give the same commands.
 *
 * Order (docs/deploy.md, "What it does, step by step"):
 * 1. the APIs, then what later steps look up: the VAPID secret (checked before anything is made,
 *    so that a missing one stops the first deploy at once), the image repository;
 * 2. Firebase: the Hosting site (made when the project has none), then the database rules. The
 *    rules go up before any service: a new database created in locked mode refuses everything,
 *    and a service's startup probe waits for its data. The services read with their own
 *    credentials (firebase-admin, under IAM), which the rules do not govern, but the rules are the
 *    ones the site's visitors meet, and the deploy never leaves a project whose services run
 *    against rules older than theirs;
 * 3. IAM: the custom database role, Cloud Build's account;
 * 4. each service: its account, its roles (retried while a new account propagates), its image,
 *    `gcloud run deploy`;
 * 5. Hosting last: its rewrites send every page to satta-render, which must exist when the version
 *    is released, and a page of the new render service names the new build's hashed assets, which
 *    that service serves itself (Hosting passes any path it has no file for to it) until Hosting
 *    has them too.
 * Each step is idempotent, so the same list sets a project up the first time and updates it every
 * time after.
 */

export interface Command {
  argv: readonly string[];
  /** When this command succeeds, the step is done already (the resource exists) and is skipped. */
  unless?: readonly string[];
  /** The command runs only when this succeeds (the resource it acts on exists). */
  onlyIf?: readonly string[];
  /** Told the operator when the command fails, besides its own output. */
  onFailure?: string;
  /**
   * Tried again with backoff when it fails: an IAM binding right after its service account was
   * created (account creation is eventually consistent, and a binding to an account IAM does not
   * know yet is refused).
   */
  retry?: boolean;
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
  /** The project number (the default Compute Engine account's name holds it). */
  projectNumber: string;
}

export interface DeployPlan {
  build: Stage;
  /** After the build, in order. */
  stages: Stage[];
  /** Printed, never run: the one-time provisioning of the admin. */
  admin: { note: string; commands: string[]; after: string };
  /** Printed, never run: going back to the previous Hosting version and service revisions. */
  rollback: Stage;
}

type ServiceName = 'render' | 'notify';

/**
 * The custom role both services get for the database: firebase-admin reaches the data under IAM
 * with the service's own account (the rules do not apply to it), and the predefined roles do not
 * fit: Firebase Realtime Database Viewer (instances.get, instances.list) cannot write, and Firebase
 * Realtime Database Admin also creates, deletes, disables and re-enables instances. Data access is
 * checked against the instance's permissions:
 * - firebasedatabase.instances.get: reading data (render: the public data its pages are made of
 *   and the game list; notify: today's results, scheduled numbers, subscriptions);
 * - firebasedatabase.instances.update: writing data (render: repairing the live read model,
 *   liveRepair.ts; notify: notifyState, publishing scheduled numbers, removing dead subscriptions).
 */
export const DATABASE_ROLE = {
  id: 'sattaDatabase',
  title: 'satta: Realtime Database data',
  description: 'Reads and writes the Realtime Database data (render and notify services); no instance management',
  permissions: ['firebasedatabase.instances.get', 'firebasedatabase.instances.update'],
} as const;

/**
 * Both services keep live Realtime Database listeners (render: the public data its pages are made
 * of; notify: today's results, which it announces when they are published), so:
 * - min-instances 1: a listener exists only while an instance runs; with none, the first visitor
 *   after a quiet spell waits for a cold start and the data, and no result would be announced;
 * - CPU always allocated (--no-cpu-throttling): the listeners, the pages rendered again on each
 *   change and the push fan-out run between requests, which a throttled CPU would stall;
 * - concurrency 80 per instance (Node serves many requests at once; render answers from memory);
 * - 1 CPU; render 512 MiB (the rendered pages and each remote's server bundle, bounded by bytes),
 *   notify 1 GiB (a fan-out to 100,000 subscriptions peaked at 491 MB in `bench -- push`, too
 *   near 512 MiB; past that the fan-out is split into Cloud Tasks shards).
 * Roles: the database role above; notify also checks that an admin's token was not revoked,
 * which reads the user from Firebase Auth (firebaseauth.viewer).
 */
const SERVICES: Record<
  ServiceName,
  { id: string; roles: (project: string) => string[]; timeout: string; maxInstances: number; memory: string; description: string }
> = {
  render: {
    id: 'satta-render',
    roles: (project) => [databaseRole(project)],
    // Pages come from memory in milliseconds; Hosting gives up on a Cloud Run answer after 60 s.
    timeout: '30s',
    maxInstances: 10,
    memory: '512Mi',
    description: 'the server-rendered pages behind Hosting',
  },
  notify: {
    id: 'satta-notify',
    roles: (project) => [databaseRole(project), 'roles/firebaseauth.viewer'],
    // GET /send-test answers within NOTIFY_SEND_TEST_DEADLINE_MS (25 s).
    timeout: '60s',
    // One instance does the work; more are safe (the sent ledger is shared) but each rate-limits alone.
    maxInstances: 3,
    memory: '1Gi',
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

export function databaseRole(project: string): string {
  return `projects/${project}/roles/${DATABASE_ROLE.id}`;
}

function serviceAccount(project: string, service: ServiceName): string {
  return `${SERVICES[service].id}@${project}.iam.gserviceaccount.com`;
}

/** Since July 2024 a new project's builds run as this account, which may lack what a build needs. */
export function computeAccount(projectNumber: string): string {
  return `${projectNumber}-compute@developer.gserviceaccount.com`;
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

function binding(project: string, member: string, role: string): Command {
  return {
    argv: ['gcloud', 'projects', 'add-iam-policy-binding', project, '--member', member, '--role', role, '--condition', 'None', '--quiet'],
    retry: true,
  };
}

function firebase(input: PlanInput, only: 'database' | 'hosting'): string[] {
  const { project, firebaseConfig, tag } = input;
  return [
    'npx',
    'firebase',
    'deploy',
    '--only',
    only,
    '--project',
    project,
    '--config',
    firebaseConfig,
    '--non-interactive',
    ...(only === 'hosting' ? ['--message', `satta ${tag}`] : []),
  ];
}

/** The Hosting site the project's firebase.json deploys to: `hostingSite`, or the project id. */
export function hostingSite(project: string, settings: Pick<DeploySettings, 'hostingSite'>): string {
  return settings.hostingSite ?? project;
}

function serviceStage(input: PlanInput, service: ServiceName): Stage {
  const { project, region, settings } = input;
  const { id, roles, timeout, maxInstances, memory, description } = SERVICES[service];
  const account = serviceAccount(project, service);
  const member = `serviceAccount:${account}`;
  const image = imageOf(input, service);
  const secret = settings.vapidPrivateKeySecret;
  const commands: Command[] = [
    {
      unless: ['gcloud', 'iam', 'service-accounts', 'describe', account, '--project', project],
      argv: ['gcloud', 'iam', 'service-accounts', 'create', id, '--display-name', `${id}: ${description}`, '--project', project],
    },
    ...roles(project).map((role) => binding(project, member, role)),
  ];
  if (service === 'notify') {
    commands.push({
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
      retry: true,
    });
  }
  commands.push(
    {
      argv: ['gcloud', 'builds', 'submit', `dist/package/${service}`, '--tag', image, '--project', project],
      onFailure:
        `if the build was refused a permission: a new project's builds run as the Compute Engine default service account ` +
        `(${computeAccount(input.projectNumber)}), which needs roles/cloudbuild.builds.builder; the deploy grants it when that account exists ` +
        '(docs/deploy.md, "Cloud Build").',
    },
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
        // Public without an allUsers binding, which organisations restricting sharing to their own domain refuse:
        // Hosting calls render as an anonymous invoker, browsers call notify.
        '--no-invoker-iam-check',
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
        memory,
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
      onFailure:
        `a revision that never became ready failed its startup probe: its log (Cloud Run, ${id}, Logs) names the cause ` +
        '(docs/operations.md, "When a revision does not become ready"); the previous revision keeps serving.',
    },
  );
  return { title: `${id}: service account and its roles, image, service (${description})`, commands };
}

function rollbackStage(input: PlanInput): Stage {
  const { project, region, settings } = input;
  const site = hostingSite(project, settings);
  const where = ['--region', region, '--project', project];
  return {
    title:
      'Rolling back (not run by the deploy; docs/operations.md): Hosting to a version of its release history, each service to its previous revision',
    commands: [
      { argv: ['npx', 'firebase', 'hosting:clone', `${site}@PREVIOUS_VERSION_ID`, `${site}:live`, '--project', project] },
      ...(['satta-render', 'satta-notify'] as const).flatMap((id) => [
        { argv: ['gcloud', 'run', 'revisions', 'list', '--service', id, ...where, '--limit', '3'] },
        { argv: ['gcloud', 'run', 'services', 'update-traffic', id, '--to-revisions', 'PREVIOUS_REVISION=100', ...where] },
      ]),
    ],
  };
}

export function deployPlan(input: PlanInput): DeployPlan {
  const { project, settings, projectNumber } = input;
  const secret = settings.vapidPrivateKeySecret;
  const site = hostingSite(project, settings);
  const region = input.region;
  return {
    build: {
      title: 'Build the site and the services',
      commands: [{ argv: ['npm', 'run', 'build'] }, { argv: ['npm', 'run', 'package'] }],
    },
    stages: [
      {
        title: 'Google Cloud: the APIs, the VAPID secret, the image repository (once per project; no-ops afterwards)',
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
              'firebasehosting.googleapis.com',
              'firebasedatabase.googleapis.com',
              '--project',
              project,
            ],
          },
          {
            argv: ['gcloud', 'secrets', 'describe', secret, '--project', project],
            onFailure:
              `Secret Manager has no secret ${secret} in ${project}: create it once from the private key of the pair whose public key is ` +
              `vapidPublicKey (\`printf %s "$VAPID_PRIVATE_KEY" | gcloud secrets create ${secret} --data-file=- --project ${project}\`), then deploy again.`,
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
      {
        title: 'Firebase: the Hosting site, then the database rules (before any service that reads the database)',
        commands: [
          {
            unless: ['npx', 'firebase', 'hosting:sites:get', site, '--project', project, '--non-interactive'],
            argv: ['npx', 'firebase', 'hosting:sites:create', site, '--project', project, '--non-interactive'],
            onFailure:
              `the Hosting site ${site} could not be made: site ids are global, so another project may hold it; ` +
              `open Hosting in the Firebase console (Get started) and write the site id it shows as hostingSite in deploy/${project}.json.`,
          },
          {
            argv: firebase(input, 'database'),
            onFailure:
              `the rules go to ${project}'s default Realtime Database instance (${settings.firebase.databaseURL}): ` +
              'create it in the Firebase console (Realtime Database, Create database) if it does not exist, then deploy again.',
          },
        ],
      },
      {
        title: "IAM: the services' database role, Cloud Build's account",
        commands: [
          {
            unless: ['gcloud', 'iam', 'roles', 'describe', DATABASE_ROLE.id, '--project', project],
            argv: [
              'gcloud',
              'iam',
              'roles',
              'create',
              DATABASE_ROLE.id,
              '--project',
              project,
              '--title',
              DATABASE_ROLE.title,
              '--description',
              DATABASE_ROLE.description,
              '--permissions',
              DATABASE_ROLE.permissions.join(','),
              '--stage',
              'GA',
              '--quiet',
            ],
          },
          {
            // The same permissions every time, whatever the role was given before.
            argv: [
              'gcloud',
              'iam',
              'roles',
              'update',
              DATABASE_ROLE.id,
              '--project',
              project,
              '--permissions',
              DATABASE_ROLE.permissions.join(','),
              '--quiet',
            ],
          },
          {
            onlyIf: ['gcloud', 'iam', 'service-accounts', 'describe', computeAccount(projectNumber), '--project', project],
            ...binding(project, `serviceAccount:${computeAccount(projectNumber)}`, 'roles/cloudbuild.builds.builder'),
          },
        ],
      },
      serviceStage(input, 'render'),
      serviceStage(input, 'notify'),
      tasksStage(input.project, input.region, serviceAccount(input.project, 'notify')),
      { title: 'Hosting: the site, its headers and its rewrites to satta-render', commands: [{ argv: firebase(input, 'hosting') }] },
    ],
    admin: {
      note:
        'Once per project, with your own Google account (Owner, or Firebase Authentication Admin) as application default credentials: ' +
        'no service account key, which organisations enforcing iam.disableServiceAccountKeyCreation cannot make.',
      commands: [
        'gcloud auth application-default login',
        shellLine(['gcloud', 'auth', 'application-default', 'set-quota-project', project]),
        `(${shellLine([
          'cd',
          'dist/package/notify',
          '&&',
          'npm',
          'ci',
          '--omit=dev',
          '&&',
          'node',
          'server/admin-create.mjs',
          '--email',
          settings.adminEmail,
          '--password',
          '<a new password>',
          '--project',
          project,
        ])})`,
      ],
      after: `${settings.adminEmail} then signs in at ${settings.site}/signin; --reset-password with a new --password changes the password later.`,
    },
    rollback: rollbackStage(input),
  };
}

/** A shell rendering of a command: what the operator can paste (`&&` and `||` stay operators). */
export function shellLine(argv: readonly string[]): string {
  return argv.map((arg) => (/^([\w@%+=:,./-]+|&&|\|\|)$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`)).join(' ');
}

/** How a command is shown: `describe … || create …` when it is skipped for an existing resource. */
export function commandLine(command: Command): string {
  if (command.unless) return `${shellLine(command.unless)} || ${shellLine(command.argv)}`;
  if (command.onlyIf) return `${shellLine(command.onlyIf)} && ${shellLine(command.argv)}`;
  return shellLine(command.argv);
}

/** Every command line a plan holds, `unless` and `onlyIf` checks included: what the dry run's argument checks try. */
export function planArgvs(plan: DeployPlan): (readonly string[])[] {
  return [...plan.stages, plan.rollback].flatMap((stage) =>
    stage.commands.flatMap((command) => [command.unless, command.onlyIf, command.argv].filter((argv) => argv !== undefined)),
  );
}
