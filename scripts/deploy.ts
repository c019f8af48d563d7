import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RuntimeConfig } from '../shared/data/config.ts';
import { contentSecurityPolicy } from '../server/hosting/headers.ts';
import { buildChecks, type BuildChecks } from './deployBuildChecks.ts';
import { projectFirebaseConfig } from './deployFirebaseConfig.ts';
import { runAppUrl, settingsDisagreements } from './deployConsistency.ts';
import { argumentChecks } from './deployArgumentChecks.ts';
import { commandLine, deployPlan, hostingSite, planArgvs, shellLine, type Command, type DeployPlan, type Stage } from './deployPlan.ts';
import { preflightProblems } from './deployPreflight.ts';
import { DEFAULT_REGION, readDeploySettings, settingsPath, type DeploySettings } from './deploySettings.ts';
import { firebaseSchemaProblems, SCHEMA_LABEL } from './firebaseSchema.ts';
import { generatedHeaders, headerDrift, SHELL_TEMPLATE, shellScriptHashes, writeHeaders } from './hostingHeaders.ts';
import { runtimeConfigFor, runtimeConfigProblems } from './runtimeConfig.ts';

/**
 * `npm run deploy -- --project <id> [--region asia-south1] [--dry-run]`: builds, checks and
 * deploys one Firebase project: the database rules, the two Cloud Run services (satta-render,
 * satta-notify) with `gcloud`, then Hosting with `firebase deploy`. The order and every command
 * are in deployPlan.ts; docs/deploy.md explains them.
 *
 * `--dry-run` runs the checks that need no network and prints the commands; it writes only the
 * project's generated files under dist/deploy/<project>/. `npm run deploy -- --write-headers`
 * regenerates firebase.json's hosting.headers. `--root <dir>` works on another copy of the
 * repository (the tests use one).
 */

const REPO = fileURLToPath(new URL('..', import.meta.url));
/** Where the project's /config.json goes: the site on Hosting, and the render service's image. */
const CONFIG_TARGETS = ['dist/site/config.json', 'dist/package/render/shell/config.json'];
const USAGE = 'usage: npm run deploy -- --project <id> [--region asia-south1] [--dry-run]  |  npm run deploy -- --write-headers';

export interface DeployIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  /** Waits between the tries of a retried command (tests pass one that returns at once). */
  sleep?(ms: number): void;
}

/** The waits before each new try of an IAM binding: about 2 minutes in all, as long as a new account may take to propagate. */
const RETRY_DELAYS_MS = [5_000, 10_000, 20_000, 40_000, 60_000];

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

interface Prepared {
  settings: DeploySettings;
  region: string;
  runtime: RuntimeConfig;
  /** The project's generated files, relative to the root. */
  firebaseConfig: string;
  configJson: string;
  policy: string;
}

type Json = Record<string, unknown>;

function readJson(root: string, file: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(readFileSync(join(root, file), 'utf8')) as unknown };
  } catch (error) {
    return { problem: `${file} could not be read as JSON (${(error as Error).message}).` };
  }
}

/** The committed firebase.json's checks: firebase-tools' schema, and its headers against the generator. */
function committedFirebaseProblems(root: string, firebase: unknown): string[] {
  const hosting = (firebase as { hosting?: { headers?: unknown } } | null)?.hosting;
  return [...firebaseSchemaProblems(firebase, 'firebase.json'), ...headerDrift(hosting?.headers, generatedHeaders(root), 'firebase.json')];
}

/** Every offline check, and the project's generated firebase.json and config.json written under dist/deploy/<project>/. */
function prepare(root: string, project: string, regionFlag: string | undefined): Prepared | { problems: string[] } {
  const problems: string[] = [];
  if (regionFlag !== undefined && !/^[a-z]+-[a-z]+\d+$/.test(regionFlag)) {
    problems.push(`--region must be a Cloud Run region such as ${DEFAULT_REGION}, not '${regionFlag}'.`);
  }
  const read = readDeploySettings(root, project);
  if ('problems' in read) problems.push(...read.problems);
  // Settings valid each on their own may still disagree with the region or the project.
  else if (problems.length === 0)
    problems.push(
      ...settingsDisagreements(settingsPath(project), project, regionFlag ?? read.settings.region ?? DEFAULT_REGION, read.settings),
    );

  const firebase = readJson(root, 'firebase.json');
  if ('problem' in firebase) problems.push(firebase.problem);
  else problems.push(...committedFirebaseProblems(root, firebase.value));
  if (problems.length > 0 || 'problems' in read || 'problem' in firebase) return { problems };

  const { settings } = read;
  const region = regionFlag ?? settings.region ?? DEFAULT_REGION;
  const runtime = runtimeConfigFor(project, settings);
  const dir = `dist/deploy/${project}`;
  const configJson = `${dir}/config.json`;
  const firebaseConfig = `${dir}/firebase.json`;
  problems.push(...runtimeConfigProblems(runtime, configJson));
  const generated = projectFirebaseConfig(root, firebase.value as Json, runtime, region, hostingSite(project, settings));
  if ('problem' in generated) problems.push(generated.problem);
  else problems.push(...firebaseSchemaProblems(generated.config, firebaseConfig));
  if (problems.length > 0 || 'problem' in generated) return { problems };

  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, configJson), `${JSON.stringify(runtime, null, 2)}\n`);
  writeFileSync(join(root, firebaseConfig), `${JSON.stringify(generated.config, null, 2)}\n`);
  const policy = contentSecurityPolicy(runtime, shellScriptHashes(root));
  return { settings, region, runtime, firebaseConfig, configJson, policy };
}

/** The commit, and the time when the tree has changes (an image per state of the code); only the time outside git. */
function imageTag(root: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const git = (args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git(['rev-parse', '--short=12', 'HEAD']);
  if (head.status !== 0) return `build-${stamp}`;
  const dirty = git(['status', '--porcelain']).stdout.trim() !== '';
  return dirty ? `${head.stdout.trim()}-${stamp}` : head.stdout.trim();
}

function printStage(io: DeployIo, number: number, stage: Stage): void {
  io.out('');
  io.out(`# ${number}. ${stage.title}`);
  for (const command of stage.commands) io.out(commandLine(command));
}

function printPlan(io: DeployIo, plan: DeployPlan, prepared: Prepared): void {
  printStage(io, 1, plan.build);
  io.out(`# then the deploy copies ${prepared.configJson} to ${CONFIG_TARGETS.join(' and ')}`);
  plan.stages.forEach((stage, i) => printStage(io, i + 2, stage));
  io.out('');
  io.out('# Not run by the deploy: provisioning the admin');
  printAdmin(io, plan);
  io.out('');
  io.out(`# ${plan.rollback.title}`);
  for (const command of plan.rollback.commands) io.out(commandLine(command));
}

function printAdmin(io: DeployIo, plan: DeployPlan): void {
  io.out(`# ${plan.admin.note}`);
  for (const command of plan.admin.commands) io.out(command);
  io.out(`# ${plan.admin.after}`);
}

function report(io: DeployIo, checks: BuildChecks): boolean {
  for (const passed of checks.passed) io.out(`deploy: checked: ${passed}.`);
  if (checks.absent.length > 0) {
    io.out(`deploy: not built yet: ${checks.absent.join(', ')}; checked at deploy time, after npm run package.`);
  }
  for (const problem of checks.problems) io.err(`deploy: ${problem}`);
  return checks.problems.length === 0;
}

/** Runs one command in the root with its output shown; false (after saying what failed) when it fails. */
function run(root: string, io: DeployIo, command: Command): boolean {
  const succeeds = (argv: readonly string[]) => {
    const [program = '', ...args] = argv;
    return spawnSync(program, args, { cwd: root, env: io.env, stdio: 'ignore' }).status === 0;
  };
  if (command.unless && succeeds(command.unless)) {
    io.out(`deploy: exists already: ${shellLine(command.unless)}`);
    return true;
  }
  if (command.onlyIf && !succeeds(command.onlyIf)) {
    io.out(`deploy: skipped, as this failed: ${shellLine(command.onlyIf)}`);
    return true;
  }
  const delays = command.retry ? RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt++) {
    io.out(`deploy: $ ${shellLine(command.argv)}`);
    const [program = '', ...args] = command.argv;
    const result = spawnSync(program, args, { cwd: root, env: io.env, stdio: 'inherit' });
    if (result.status === 0) return true;
    const why = result.error?.message ?? `exit ${result.status ?? result.signal}`;
    const delay = delays[attempt];
    if (delay !== undefined && !result.error) {
      io.out(
        `deploy: failed (${why}); trying again in ${delay / 1000} s (try ${attempt + 2} of ${delays.length + 1}): ` +
          'a service account just created takes a while to be known to IAM.',
      );
      (io.sleep ?? sleepSync)(delay);
      continue;
    }
    io.err(`deploy: failed (${why}): ${shellLine(command.argv)}`);
    if (command.onFailure) io.err(`deploy: ${command.onFailure}`);
    return false;
  }
}

/** The project number, which the Compute Engine default account's name holds; null (after saying why) when gcloud cannot tell. */
function projectNumber(root: string, io: DeployIo, project: string): string | null {
  const argv = ['gcloud', 'projects', 'describe', project, '--format=value(projectNumber)'];
  const [program = '', ...args] = argv;
  const result = spawnSync(program, args, { cwd: root, env: io.env, encoding: 'utf8' });
  const number = (result.stdout ?? '').trim();
  if (result.status === 0 && /^\d+$/.test(number)) return number;
  io.err(`deploy: failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}): ${shellLine(argv)}`);
  io.err(`deploy: ${project} is not a project your gcloud account can see: check the id, and \`gcloud auth list\`.`);
  return null;
}

/** The tools' own argument checks on the plan's commands (deployArgumentChecks.ts), reported; false when a tool refused one. */
async function checkArguments(root: string, io: DeployIo, plan: DeployPlan, where: 'below' | 'of the deploy'): Promise<boolean> {
  let ok = true;
  for (const check of await argumentChecks(planArgvs(plan), io.env, root)) {
    const commands = `${check.tool === 'gcloud' ? 'gcloud' : 'firebase'} commands ${where}, rollback included`;
    if (check.kind === 'skipped') io.out(`deploy: not checked: ${check.tool}'s own argument checks of the ${commands} (${check.reason}).`);
    else if (check.problems.length === 0) {
      io.out(
        `deploy: checked: ${check.tool} ${check.version} accepts the arguments of the ${check.count} ${commands} ` +
          '(each run without credentials: each stopped at authentication).',
      );
    } else {
      ok = false;
      for (const problem of check.problems) io.err(`deploy: ${problem}`);
    }
  }
  return ok;
}

async function rewriteHeaders(root: string, io: DeployIo): Promise<number> {
  const changed = await writeHeaders(root);
  io.out(
    changed
      ? `deploy: rewrote hosting.headers of firebase.json from server/hosting/headers.ts and ${SHELL_TEMPLATE}.`
      : 'deploy: hosting.headers of firebase.json is current; nothing written.',
  );
  const firebase = readJson(root, 'firebase.json');
  const problems = 'problem' in firebase ? [firebase.problem] : firebaseSchemaProblems(firebase.value, 'firebase.json');
  for (const problem of problems) io.err(`deploy: ${problem}`);
  return problems.length === 0 ? 0 : 1;
}

export async function deploy(argv: readonly string[], io: DeployIo, now = new Date()): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        project: { type: 'string' },
        region: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'write-headers': { type: 'boolean', default: false },
        root: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    io.err(`deploy: ${(error as Error).message}`);
    io.err(USAGE);
    return 1;
  }
  const root = resolve(values.root ?? REPO);
  if (values['write-headers']) return rewriteHeaders(root, io);

  const project = values.project;
  if (!project) {
    io.err('deploy: --project <id> is required: the id of the Firebase (Google Cloud) project to deploy to.');
    io.err(USAGE);
    return 1;
  }
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(project)) {
    io.err(`deploy: '${project}' is not a project id (6 to 30 lowercase letters, digits and hyphens, starting with a letter).`);
    return 1;
  }
  const dryRun = values['dry-run'];
  const prepared = prepare(root, project, values.region);
  if ('problems' in prepared) {
    for (const problem of prepared.problems) io.err(`deploy: ${problem}`);
    return 1;
  }
  const tag = imageTag(root, now);
  const notify = new URL(prepared.settings.notifyUrl).origin;
  const planFor = (number: string) =>
    deployPlan({
      project,
      region: prepared.region,
      tag,
      settings: prepared.settings,
      firebaseConfig: prepared.firebaseConfig,
      projectNumber: number,
    });
  // notifyUrl's deterministic run.app URL holds the project number; otherwise the deploy reads it.
  const notifyNumber = runAppUrl(prepared.settings.notifyUrl)?.projectNumber;

  io.out(
    `deploy: ${project} in ${prepared.region}, image tag ${tag}${dryRun ? ' (dry run: checks, then prints the commands and runs none)' : ''}.`,
  );
  io.out(`deploy: checked: ${settingsPath(project)} holds valid settings (admin ${prepared.settings.adminEmail}).`);
  io.out(
    `deploy: checked: notifyUrl and remotes agree with the region ${prepared.region}; databaseURL is ${project}'s default database instance.`,
  );
  io.out(`deploy: checked: firebase.json matches firebase-tools' schema (${SCHEMA_LABEL}).`);
  io.out(`deploy: checked: firebase.json's hosting.headers are those server/hosting/headers.ts generates for ${SHELL_TEMPLATE}.`);
  io.out(`deploy: checked: ${prepared.configJson} (the site's /config.json) is a RuntimeConfig (shared/data/config.ts).`);
  io.out(
    `deploy: checked: ${prepared.firebaseConfig} matches the schema; its rewrites go to ${prepared.region}, its Content-Security-Policy allows ${notify}.`,
  );

  if (dryRun) {
    const plan = planFor(notifyNumber ?? 'PROJECT_NUMBER');
    io.out(
      notifyNumber
        ? `deploy: the project number ${notifyNumber} is notifyUrl's; the deploy checks it against \`gcloud projects describe ${project}\`.`
        : `deploy: PROJECT_NUMBER below is read by the deploy with \`gcloud projects describe ${project}\`.`,
    );
    let ok = report(io, buildChecks(root, prepared.runtime, prepared.policy));
    if (!(await checkArguments(root, io, plan, 'below'))) ok = false;
    printPlan(io, plan, prepared);
    io.out('');
    io.out(ok ? 'deploy: dry run done: nothing was built, created or deployed.' : 'deploy: dry run failed: see the problems above.');
    return ok ? 0 : 1;
  }

  if (project.startsWith('demo-')) {
    io.err(`deploy: ${project} is a demo project, which exists only in the emulators: run with --dry-run, or deploy to a real project.`);
    return 1;
  }
  const unready = preflightProblems(io.env);
  if (unready.length > 0) {
    for (const problem of unready) io.err(`deploy: ${problem}`);
    return 1;
  }
  const number = projectNumber(root, io, project);
  if (number === null) return 1;
  if (notifyNumber !== undefined && notifyNumber !== number) {
    io.err(
      `deploy: ${settingsPath(project)}: notifyUrl ${prepared.settings.notifyUrl} holds the project number ${notifyNumber}, but ${project}'s is ${number}: ` +
        `write https://satta-notify-${number}.${prepared.region}.run.app.`,
    );
    return 1;
  }
  const plan = planFor(number);
  // An older gcloud that lacks a flag is found here, before anything is built or changed.
  if (!(await checkArguments(root, io, plan, 'of the deploy'))) return 1;
  for (const command of plan.build.commands) if (!run(root, io, command)) return 1;
  for (const target of CONFIG_TARGETS) copyFileSync(join(root, prepared.configJson), join(root, target));
  // Now built: a missing output is a failure, not a check for later.
  const built = buildChecks(root, prepared.runtime, prepared.policy);
  const absent = built.absent.map((dir) => `${dir} is missing after npm run package: check its output above.`);
  if (!report(io, { ...built, absent: [], problems: [...absent, ...built.problems] })) return 1;
  for (const stage of plan.stages) {
    io.out(`deploy: ${stage.title}`);
    for (const command of stage.commands) if (!run(root, io, command)) return 1;
  }
  io.out('');
  printAdmin(io, plan);
  io.out(`deploy: done: ${prepared.settings.site}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await deploy(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
  });
}
