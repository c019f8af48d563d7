import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { deploy } from './deploy.ts';
import { runtimeConfigProblems } from './runtimeConfig.ts';
import { shellScriptHashes } from './hostingHeaders.ts';

/**
 * `npm run deploy` as the operator sees it: what it prints and how it exits. Every run works on
 * a copy of the files it reads (`--root`), outside git, so the image tag is the time given; the
 * repository is never written and nothing touches the network.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NOW = new Date('2026-11-25T10:20:30Z');
const TAG = 'build-20261125-102030';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-test-'));
  temps.push(dir);
  for (const file of ['firebase.json', 'database.rules.json', 'shell/index.html', 'deploy/demo-x.json'])
    cpSync(join(ROOT, file), join(dir, file));
  return dir;
}

function writeTree(dir: string, files: Record<string, string>): void {
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), body);
  }
}

function editJson(dir: string, file: string, edit: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
  edit(value);
  writeFileSync(join(dir, file), JSON.stringify(value, null, 2));
}

/** The environment of a run: node's folder alone on PATH, so no gcloud (the argument checks say they were skipped). */
const NO_GCLOUD: NodeJS.ProcessEnv = { ...process.env, PATH: dirname(process.execPath) };

/** The waits of the last run between the tries of a retried command (none really waited). */
let slept: number[] = [];

async function run(dir: string, args: string[], env: NodeJS.ProcessEnv = NO_GCLOUD) {
  const out: string[] = [];
  const err: string[] = [];
  slept = [];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line), env, sleep: (ms: number) => slept.push(ms) };
  const code = await deploy([...args, '--root', dir], io, NOW);
  return { code, out, err };
}

describe('npm run deploy -- --project demo-x --dry-run', () => {
  it('checks, prints every firebase and gcloud command with the settings each service needs, and exits 0', async () => {
    const dir = fixture();
    const { code, out, err } = await run(dir, ['--project', 'demo-x', '--dry-run']);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const image = (service: string) => `asia-south1-docker.pkg.dev/demo-x/satta/${service}:${TAG}`;
    const probes =
      '--startup-probe httpGet.path=/readyz,periodSeconds=5,timeoutSeconds=3,failureThreshold=24 ' +
      '--liveness-probe httpGet.path=/healthz,periodSeconds=30,timeoutSeconds=5,failureThreshold=3';
    const vapid = (JSON.parse(readFileSync(join(ROOT, 'deploy/demo-x.json'), 'utf8')) as { vapidPublicKey: string }).vapidPublicKey;
    const role = '--role projects/demo-x/roles/sattaDatabase --condition None --quiet';
    const firebase = '--project demo-x --config dist/deploy/demo-x/firebase.json --non-interactive';
    expect(out).toEqual(
      expect.arrayContaining([
        `deploy: demo-x in asia-south1, image tag ${TAG} (dry run: checks, then prints the commands and runs none).`,
        "deploy: checked: notifyUrl and remotes agree with the region asia-south1; databaseURL is demo-x's default database instance.",
        "deploy: checked: firebase.json matches firebase-tools' schema (node_modules/firebase-tools/schema/firebase-config.json).",
        "deploy: checked: firebase.json's hosting.headers are those server/hosting/headers.ts generates for shell/index.html.",
        'deploy: not built yet: dist/site, dist/package; checked at deploy time, after npm run package.',
        "deploy: not checked: gcloud's own argument checks of the gcloud commands below, rollback included (gcloud is not on PATH).",
        "deploy: the project number 123456789012 is notifyUrl's; the deploy checks it against `gcloud projects describe demo-x`.",
        'npm run build',
        'npm run package',
        'gcloud services enable run.googleapis.com cloudbuild.googleapis.com artifactregistry.googleapis.com secretmanager.googleapis.com ' +
          'iam.googleapis.com firebasehosting.googleapis.com firebasedatabase.googleapis.com --project demo-x',
        'gcloud secrets describe vapid-private-key --project demo-x',
        'npx firebase hosting:sites:get demo-x --project demo-x --non-interactive || npx firebase hosting:sites:create demo-x --project demo-x --non-interactive',
        `npx firebase deploy --only database ${firebase}`,
        'gcloud iam roles describe sattaDatabase --project demo-x || gcloud iam roles create sattaDatabase --project demo-x ' +
          "--title 'satta: Realtime Database data' --description 'Reads and writes the Realtime Database data (render and notify services); no instance management' " +
          '--permissions firebasedatabase.instances.get,firebasedatabase.instances.update --stage GA --quiet',
        'gcloud iam roles update sattaDatabase --project demo-x --permissions firebasedatabase.instances.get,firebasedatabase.instances.update --quiet',
        'gcloud iam service-accounts describe 123456789012-compute@developer.gserviceaccount.com --project demo-x && ' +
          'gcloud projects add-iam-policy-binding demo-x --member serviceAccount:123456789012-compute@developer.gserviceaccount.com ' +
          '--role roles/cloudbuild.builds.builder --condition None --quiet',
        'gcloud iam service-accounts describe satta-render@demo-x.iam.gserviceaccount.com --project demo-x || ' +
          "gcloud iam service-accounts create satta-render --display-name 'satta-render: the server-rendered pages behind Hosting' --project demo-x",
        `gcloud projects add-iam-policy-binding demo-x --member serviceAccount:satta-render@demo-x.iam.gserviceaccount.com ${role}`,
        `gcloud projects add-iam-policy-binding demo-x --member serviceAccount:satta-notify@demo-x.iam.gserviceaccount.com ${role}`,
        'gcloud projects add-iam-policy-binding demo-x --member serviceAccount:satta-notify@demo-x.iam.gserviceaccount.com ' +
          '--role roles/firebaseauth.viewer --condition None --quiet',
        'gcloud secrets add-iam-policy-binding vapid-private-key --member serviceAccount:satta-notify@demo-x.iam.gserviceaccount.com ' +
          '--role roles/secretmanager.secretAccessor --condition None --quiet --project demo-x',
        `gcloud builds submit dist/package/render --tag ${image('render')} --project demo-x`,
        `gcloud run deploy satta-render --image ${image('render')} --region asia-south1 --project demo-x ` +
          '--service-account satta-render@demo-x.iam.gserviceaccount.com --no-invoker-iam-check --min-instances 1 --max-instances 10 ' +
          `--no-cpu-throttling --cpu-boost --concurrency 80 --cpu 1 --memory 512Mi --timeout 30s ${probes} ` +
          '--set-env-vars RENDER_SITE=https://satta.example.com,GOOGLE_CLOUD_PROJECT=demo-x',
        `gcloud run deploy satta-notify --image ${image('notify')} --region asia-south1 --project demo-x ` +
          '--service-account satta-notify@demo-x.iam.gserviceaccount.com --no-invoker-iam-check --min-instances 1 --max-instances 3 ' +
          `--no-cpu-throttling --cpu-boost --concurrency 80 --cpu 1 --memory 1Gi --timeout 60s ${probes} ` +
          '--set-env-vars GCLOUD_PROJECT=demo-x,NOTIFY_DATABASE_URL=https://demo-x-default-rtdb.asia-southeast1.firebasedatabase.app,' +
          `VAPID_PUBLIC_KEY=${vapid},VAPID_SUBJECT=mailto:admin@satta.example.com,NOTIFY_ALLOWED_ORIGINS=https://satta.example.com,` +
          'NOTIFY_TRUST_PROXY=1,NOTIFY_TIMEZONE=Asia/Kolkata,NOTIFY_TASKS_QUEUE=projects/demo-x/locations/asia-south1/queues/satta-push,' +
          'NOTIFY_TASKS_SERVICE_ACCOUNT=satta-push-tasks@demo-x.iam.gserviceaccount.com,NOTIFY_SHARD_URL=https://satta-notify-123456789012.asia-south1.run.app ' +
          '--set-secrets VAPID_PRIVATE_KEY=vapid-private-key:latest',
        `npx firebase deploy --only hosting ${firebase} --message 'satta ${TAG}'`,
        'gcloud auth application-default login',
        'gcloud auth application-default set-quota-project demo-x',
        "(cd dist/package/notify && npm ci --omit=dev && node server/admin-create.mjs --email admin@satta.example.com --password '<a new password>' --project demo-x)",
        'npx firebase hosting:clone demo-x@PREVIOUS_VERSION_ID demo-x:live --project demo-x',
        'gcloud run revisions list --service satta-render --region asia-south1 --project demo-x --limit 3',
        'gcloud run services update-traffic satta-render --to-revisions PREVIOUS_REVISION=100 --region asia-south1 --project demo-x',
        'gcloud run services update-traffic satta-notify --to-revisions PREVIOUS_REVISION=100 --region asia-south1 --project demo-x',
        'deploy: dry run done: nothing was built, created or deployed.',
      ]),
    );
  });

  it('puts the rules up before any service, makes the Hosting site first, deploys Hosting last, and grants no Realtime Database Admin', async () => {
    const { out } = await run(fixture(), ['--project', 'demo-x', '--dry-run']);
    const at = (prefix: string) => out.findIndex((line) => line.startsWith(prefix));
    const rules = at('npx firebase deploy --only database');
    const site = at('npx firebase hosting:sites:get');
    const hosting = at('npx firebase deploy --only hosting');
    const services = [at('gcloud run deploy satta-render'), at('gcloud run deploy satta-notify')];
    expect(Math.min(rules, site, hosting, ...services)).toBeGreaterThan(0);
    // A new database's locked rules are replaced before a service waits on its data.
    expect(site).toBeLessThan(rules);
    for (const service of services) expect(rules).toBeLessThan(service);
    // Hosting's rewrites name satta-render, which exists by then.
    for (const service of services) expect(service).toBeLessThan(hosting);
    // The secret is checked before anything is made.
    expect(at('gcloud secrets describe')).toBeLessThan(site);
    expect(out.filter((line) => line.includes('roles/firebasedatabase.admin'))).toEqual([]);
    expect(
      out.filter((line) => line.includes('--allow-unauthenticated') || line.includes('GOOGLE_APPLICATION_CREDENTIALS=key.json')),
    ).toEqual([]);
  });

  it("writes the project's firebase.json (paths firebase-tools accepts, the region, the notify origin) and its /config.json", async () => {
    const dir = fixture();
    // The notify service where --region puts it.
    editJson(dir, 'deploy/demo-x.json', (settings) =>
      Object.assign(settings, { notifyUrl: 'https://satta-notify-123456789012.europe-west1.run.app' }),
    );
    expect((await run(dir, ['--project', 'demo-x', '--dry-run', '--region', 'europe-west1'])).code).toBe(0);
    const firebase = JSON.parse(readFileSync(join(dir, 'dist/deploy/demo-x/firebase.json'), 'utf8')) as {
      database: { rules: string };
      hosting: { public: string; rewrites: { run: { region: string } }[]; headers: { headers: { key: string; value: string }[] }[] };
      emulators?: unknown;
    };
    expect(firebase.database.rules).toBe(join(dir, 'database.rules.json'));
    expect(firebase.hosting.public).toBe(join(dir, 'dist/site'));
    expect(new Set(firebase.hosting.rewrites.map((r) => r.run.region))).toEqual(new Set(['europe-west1']));
    expect(firebase.emulators).toBeUndefined();
    // The site named: a project whose default site was never made deploys to the one the deploy makes.
    expect((firebase.hosting as { site?: string }).site).toBe('demo-x');
    const csp = firebase.hosting.headers[0]?.headers[0]?.value ?? '';
    expect(csp).toContain('https://securetoken.googleapis.com https://satta-notify-123456789012.europe-west1.run.app;');
    expect(csp).toContain(`script-src 'self' ${shellScriptHashes(dir).join(' ')} `);
    expect(csp).toContain("frame-src 'self' https://*.firebasedatabase.app https://*.firebaseio.com https://demo-x.firebaseapp.com;");

    const config = JSON.parse(readFileSync(join(dir, 'dist/deploy/demo-x/config.json'), 'utf8')) as Record<string, unknown>;
    expect(runtimeConfigProblems(config, 'config.json')).toEqual([]);
    expect(config).toMatchObject({
      firebase: { projectId: 'demo-x', databaseURL: 'https://demo-x-default-rtdb.asia-southeast1.firebasedatabase.app' },
      notifyUrl: 'https://satta-notify-123456789012.europe-west1.run.app',
      timezone: 'Asia/Kolkata',
      remotes: { 'mf-chart': '/remotes/mf-chart/remoteEntry.js' },
    });
  });

  it("checks a dist/ built already: the remotes on the site, the packaged admin-create.mjs, the page template's inline scripts", async () => {
    const dir = fixture();
    const template = readFileSync(join(dir, 'shell/index.html'), 'utf8');
    const extra = 'window.injected = 1;';
    writeTree(dir, {
      ...Object.fromEntries(
        ['mf-results', 'mf-chart', 'mf-agents', 'mf-fun'].map((name) => [`dist/site/remotes/${name}/remoteEntry.js`, '']),
      ),
      'dist/package/render/Dockerfile': '',
      'dist/package/notify/Dockerfile': '',
      // A JSON data block is not run, so it needs no hash; a new inline script does.
      'dist/package/render/shell/index.html': template.replace(
        '</body>',
        `<script type="application/json" id="satta-boot">{}</script><script>${extra}</script></body>`,
      ),
    });
    const refused = `'sha256-${createHash('sha256').update(extra).digest('base64')}'`;
    expect(await run(dir, ['--project', 'demo-x', '--dry-run'])).toMatchObject({
      code: 1,
      err: [
        'deploy: dist/site/remotes/mf-admin/remoteEntry.js is missing, where /config.json places mf-admin: run `npm run build` and check its output.',
        'deploy: dist/package/notify/server/admin-create.mjs is missing: run `npm run package` and check its output.',
        `deploy: dist/package/render/shell/index.html has inline scripts the Content-Security-Policy refuses (${refused}): ` +
          'the build changed them from shell/index.html; the policy allows the scripts of shell/index.html as written.',
      ],
    });

    writeTree(dir, {
      'dist/site/remotes/mf-admin/remoteEntry.js': '',
      'dist/package/notify/server/admin-create.mjs': '',
      'dist/package/render/shell/index.html': template.replace(
        '</body>',
        '<script type="application/json" id="satta-boot">{}</script></body>',
      ),
    });
    const { code, out } = await run(dir, ['--project', 'demo-x', '--dry-run']);
    expect(code).toBe(0);
    expect(out).toContain('deploy: checked: dist/package has both Dockerfiles, the page template and admin-create.mjs.');
    expect(out).toContain("deploy: checked: the built page template's 2 inline scripts are allowed by the Content-Security-Policy.");
  });

  it('runs as a command: exits 0 (the CLI wiring of scripts/deploy.ts)', () => {
    const dir = fixture();
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/deploy.ts', '--project', 'demo-x', '--dry-run', '--root', dir],
      { cwd: ROOT, encoding: 'utf8', env: NO_GCLOUD },
    );
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    expect(result.stdout).toContain('deploy: dry run done: nothing was built, created or deployed.');
  });
});

describe('npm run deploy stops with one clear line per problem', () => {
  it('firebase.json breaking firebase-tools’ schema', async () => {
    const dir = fixture();
    editJson(dir, 'firebase.json', (firebase) => Object.assign(firebase.hosting as object, { public: 5 }));
    expect(await run(dir, ['--project', 'demo-x', '--dry-run'])).toEqual({
      code: 1,
      out: [],
      err: [
        "deploy: firebase.json does not match firebase-tools' schema (node_modules/firebase-tools/schema/firebase-config.json): /hosting/public must be string.",
      ],
    });
  });

  it('a stale CSP hash: an inline script of shell/index.html changed and firebase.json was not regenerated', async () => {
    const dir = fixture();
    const html = readFileSync(join(dir, 'shell/index.html'), 'utf8');
    const [before] = shellScriptHashes(dir);
    writeFileSync(join(dir, 'shell/index.html'), html.replace("var key = 'satta.splash.seen';", "var key = 'satta.splash.seen.2';"));
    const [after] = shellScriptHashes(dir);
    expect(await run(dir, ['--project', 'demo-x', '--dry-run'])).toEqual({
      code: 1,
      out: [],
      err: [
        `deploy: firebase.json: the Content-Security-Policy in hosting.headers is stale (script-src lacks ${after} and has ${before}, not generated): ` +
          'run `npm run deploy -- --write-headers` to regenerate hosting.headers from server/hosting/headers.ts and shell/index.html.',
      ],
    });
    // The command it names fixes it.
    expect((await run(dir, ['--write-headers'])).code).toBe(0);
    expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).code).toBe(0);
  });

  it('no deploy/<project>.json', async () => {
    const dir = fixture();
    expect(await run(dir, ['--project', 'satta-prod', '--dry-run'])).toEqual({
      code: 1,
      out: [],
      err: [
        "deploy: deploy/satta-prod.json does not exist: copy deploy/demo-x.json to deploy/satta-prod.json and put in satta-prod's values (docs/deploy.md describes each field).",
      ],
    });
  });

  it('a VAPID public key that is not one', async () => {
    const dir = fixture();
    editJson(dir, 'deploy/demo-x.json', (settings) =>
      Object.assign(settings, { vapidPublicKey: Buffer.alloc(32, 7).toString('base64url') }),
    );
    expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).err).toEqual([
      'deploy: deploy/demo-x.json: vapidPublicKey is not an uncompressed P-256 point (65 bytes starting with 0x04): it decodes to 32 bytes ' +
        '(generate a pair with `npx web-push generate-vapid-keys`).',
    ]);
    const offCurve = Buffer.from(
      (JSON.parse(readFileSync(join(ROOT, 'deploy/demo-x.json'), 'utf8')) as { vapidPublicKey: string }).vapidPublicKey,
      'base64url',
    );
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    editJson(dir, 'deploy/demo-x.json', (settings) => Object.assign(settings, { vapidPublicKey: offCurve.toString('base64url') }));
    expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).err).toEqual([
      'deploy: deploy/demo-x.json: vapidPublicKey is not a point of the P-256 curve (generate a pair with `npx web-push generate-vapid-keys`).',
    ]);
  });

  it('every other bad setting, each naming its field', async () => {
    const dir = fixture();
    editJson(dir, 'deploy/demo-x.json', (settings) => {
      Object.assign(settings, {
        site: 'https://satta.example.com/home',
        notifyUrl: 'http://notify.example.com/',
        vapidSubject: 'admin@satta.example.com',
        vapidPrivateKeySecret: Buffer.alloc(32, 1).toString('base64url'),
        timezone: 'India/Delhi',
        remotes: { 'mf-charts': '/remotes/mf-chart/remoteEntry.js' },
        sites: [],
      });
      delete settings.adminEmail;
      Object.assign(settings.firebase as object, { databaseURL: 'https://example.com', projectId: 'demo-x' });
    });
    expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).err).toEqual([
      'deploy: deploy/demo-x.json: sites is not a deploy setting (known: $comment, site, region, firebase, notifyUrl, vapidPublicKey, vapidSubject, vapidPrivateKeySecret, adminEmail, timezone, remotes, hostingSite).',
      "deploy: deploy/demo-x.json: site must be an origin only (scheme and host, e.g. 'https://satta.example.com').",
      "deploy: deploy/demo-x.json: firebase.projectId must be left out: it is the deploy's --project.",
      "deploy: deploy/demo-x.json: firebase.databaseURL must be a Realtime Database URL (https://….firebaseio.com or https://….firebasedatabase.app), not 'https://example.com'.",
      "deploy: deploy/demo-x.json: notifyUrl must be an https:// URL, not 'http://notify.example.com/'.",
      "deploy: deploy/demo-x.json: vapidSubject must be a mailto: address or an https:// URL push services can reach you at, not 'admin@satta.example.com'.",
      "deploy: deploy/demo-x.json: vapidPrivateKeySecret looks like the VAPID private key itself: put the key into Secret Manager and write the secret's name here.",
      'deploy: deploy/demo-x.json: adminEmail is missing.',
      "deploy: deploy/demo-x.json: timezone must be an IANA time zone such as Asia/Kolkata, not 'India/Delhi'.",
      'deploy: deploy/demo-x.json: remotes["mf-charts"] is not a remote (known: mf-results, mf-chart, mf-agents, mf-fun, mf-admin).',
    ]);
  });

  it('a comma in a value the services get through --set-env-vars', async () => {
    const dir = fixture();
    editJson(dir, 'deploy/demo-x.json', (settings) =>
      Object.assign(settings.firebase as object, { databaseURL: 'https://demo-x-default-rtdb.firebaseio.com/?ns=a,b' }),
    );
    expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).err).toEqual([
      'deploy: deploy/demo-x.json: firebase.databaseURL must not contain a comma (gcloud --set-env-vars splits at commas).',
    ]);
  });

  it('--region europe-west1 against settings made for asia-south1: one line naming notifyUrl', async () => {
    const dir = fixture();
    expect(await run(dir, ['--project', 'demo-x', '--dry-run', '--region', 'europe-west1'])).toMatchObject({
      code: 1,
      out: [],
      err: [
        'deploy: deploy/demo-x.json: notifyUrl https://satta-notify-123456789012.asia-south1.run.app is in asia-south1, but the services deploy to ' +
          "europe-west1 (--region or region): the site's /config.json and Content-Security-Policy would name a notify service this deploy does not make; " +
          'write https://satta-notify-123456789012.europe-west1.run.app, or deploy with --region asia-south1.',
      ],
    });
    // The same from the settings' own region.
    editJson(dir, 'deploy/demo-x.json', (settings) => Object.assign(settings, { region: 'europe-west1' }));
    expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).err[0]).toMatch(
      /^deploy: deploy\/demo-x\.json: notifyUrl .* is in asia-south1, but the services deploy to europe-west1/,
    );
  });

  it('a remote on a run.app URL of another region, and a notifyUrl naming another service: each one line naming the field', async () => {
    const dir = fixture();
    editJson(dir, 'deploy/demo-x.json', (settings) =>
      Object.assign(settings, {
        notifyUrl: 'https://push-123456789012.asia-south1.run.app',
        remotes: { 'mf-chart': 'https://chart-123456789012.us-central1.run.app/remotes/mf-chart/remoteEntry.js' },
      }),
    );
    expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).err).toEqual([
      'deploy: deploy/demo-x.json: notifyUrl https://push-123456789012.asia-south1.run.app names the Cloud Run service push, but the deploy makes satta-notify.',
      'deploy: deploy/demo-x.json: remotes["mf-chart"] https://chart-123456789012.us-central1.run.app/remotes/mf-chart/remoteEntry.js is in us-central1, ' +
        'but the services deploy to asia-south1: the Content-Security-Policy made for asia-south1 would not match it; deploy with --region us-central1 or move the remote.',
    ]);
  });

  it("a databaseURL that is not the project's default instance, which firebase deploy --only database puts the rules on", async () => {
    const dir = fixture();
    for (const databaseURL of ['https://demo-y-default-rtdb.firebaseio.com', 'https://demo-x-archive.europe-west1.firebasedatabase.app']) {
      editJson(dir, 'deploy/demo-x.json', (settings) => Object.assign(settings.firebase as object, { databaseURL }));
      expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).err).toEqual([
        `deploy: deploy/demo-x.json: firebase.databaseURL ${databaseURL} is not demo-x's default database instance, which \`firebase deploy --only database\` ` +
          'puts the rules on: write https://demo-x-default-rtdb.firebaseio.com (us-central1) or https://demo-x-default-rtdb.<region>.firebasedatabase.app, ' +
          'as the Firebase console shows it.',
      ]);
    }
    for (const databaseURL of [
      'https://demo-x-default-rtdb.firebaseio.com',
      'https://demo-x-default-rtdb.europe-west1.firebasedatabase.app',
    ]) {
      editJson(dir, 'deploy/demo-x.json', (settings) => Object.assign(settings.firebase as object, { databaseURL }));
      expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).code).toBe(0);
    }
  });

  it('a hostingSite that is not a site id', async () => {
    const dir = fixture();
    editJson(dir, 'deploy/demo-x.json', (settings) => Object.assign(settings, { hostingSite: 'Satta_Site' }));
    expect((await run(dir, ['--project', 'demo-x', '--dry-run'])).err).toEqual([
      "deploy: deploy/demo-x.json: hostingSite must be a Hosting site id (lowercase letters, digits and hyphens), not 'Satta_Site'.",
    ]);
    editJson(dir, 'deploy/demo-x.json', (settings) => Object.assign(settings, { hostingSite: 'satta-site' }));
    const { code, out } = await run(dir, ['--project', 'demo-x', '--dry-run']);
    expect(code).toBe(0);
    expect(out).toContain('npx firebase hosting:clone satta-site@PREVIOUS_VERSION_ID satta-site:live --project demo-x');
  });

  it('a real deploy of a demo project, which exists only in the emulators', async () => {
    const dir = fixture();
    const { code, err } = await run(dir, ['--project', 'demo-x']);
    expect({ code, err }).toEqual({
      code: 1,
      err: ['deploy: demo-x is a demo project, which exists only in the emulators: run with --dry-run, or deploy to a real project.'],
    });
  });

  it('a real deploy without gcloud or firebase credentials fails before building anything', async () => {
    const dir = fixture();
    cpSync(join(dir, 'deploy/demo-x.json'), join(dir, 'deploy/satta-prod.json'));
    editJson(dir, 'deploy/satta-prod.json', (settings) =>
      Object.assign(settings.firebase as object, { databaseURL: 'https://satta-prod-default-rtdb.firebaseio.com' }),
    );
    const { code, out, err } = await run(dir, ['--project', 'satta-prod'], { PATH: '', HOME: dir });
    expect({ code, err }).toEqual({
      code: 1,
      err: [
        'deploy: gcloud (the Google Cloud CLI) is not installed or not on PATH: install it (https://cloud.google.com/sdk/docs/install), run `gcloud auth login`, then run the deploy again.',
        'deploy: firebase has no credentials: run `npx firebase login` (or `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account key file), then run the deploy again.',
      ],
    });
    expect(out.filter((line) => line.startsWith('deploy: $'))).toEqual([]);
  });

  it('a --project that is not a project id, and an unknown option', async () => {
    const dir = fixture();
    expect((await run(dir, ['--project', 'Demo X'])).err).toEqual([
      "deploy: 'Demo X' is not a project id (6 to 30 lowercase letters, digits and hyphens, starting with a letter).",
    ]);
    expect((await run(dir, ['--project', 'demo-x', '--dryrun'])).err[0]).toMatch(/^deploy: Unknown option '--dryrun'/);
  });
});

/** Is `tool` on the PATH of this machine? */
function installed(tool: string): boolean {
  return spawnSync(tool, ['--version'], { stdio: 'ignore' }).error === undefined;
}

describe("the dry run tries each command on the tools' own argument checks, without credentials", () => {
  const FAKE_GCLOUD = `#!/bin/sh
echo "$CLOUDSDK_CONFIG|$HOME|$FIREBASE_TOKEN|$GOOGLE_APPLICATION_CREDENTIALS" >> "$CHECK_LOG"
case "$*" in
  "version --format=json") echo '{"Google Cloud SDK": "530.0.0"}'; exit 0 ;;
  "run deploy satta-notify"*) echo "ERROR: (gcloud.run.deploy) unrecognized arguments: --no-invoker-iam-check" >&2; exit 2 ;;
esac
printf 'ERROR: (gcloud) You do not currently have an active account selected.\nPlease run:\n\n  $ gcloud auth login\n' >&2
exit 1
`;

  function withFakeGcloud(dir: string) {
    writeTree(dir, { 'bin/gcloud': FAKE_GCLOUD });
    chmodSync(join(dir, 'bin/gcloud'), 0o755);
    const log = join(dir, 'check.log');
    const env = { ...NO_GCLOUD, PATH: `${join(dir, 'bin')}:${NO_GCLOUD.PATH}`, CHECK_LOG: log, FIREBASE_TOKEN: 'secret', HOME: dir };
    return { env, log: () => readFileSync(log, 'utf8').trim().split('\n') };
  }

  it('runs gcloud on every gcloud command, rollback included, in a configuration without credentials, and names each it refuses', async () => {
    const dir = fixture();
    const { env, log } = withFakeGcloud(dir);
    const { code, out, err } = await run(dir, ['--project', 'demo-x', '--dry-run'], env);
    expect(code).toBe(1);
    expect(err).toEqual([
      expect.stringMatching(
        /^deploy: gcloud refused the arguments of `gcloud run deploy satta-notify --image .* --set-secrets VAPID_PRIVATE_KEY=vapid-private-key:latest`: ERROR: \(gcloud\.run\.deploy\) unrecognized arguments: --no-invoker-iam-check$/,
      ),
    ]);
    expect(out.at(-1)).toBe('deploy: dry run failed: see the problems above.');
    // Every gcloud line printed, its `describe` checks and the rollback included, plus `gcloud version`.
    const printed = out
      .filter((line) => line.startsWith('gcloud ') && !line.startsWith('gcloud auth '))
      .flatMap((line) => line.split(/ \|\| | && /));
    expect(log()).toHaveLength(printed.length + 1);
    for (const line of log()) {
      const [config = '', home = '', token, credentials] = line.split('|');
      expect({ token, credentials }).toEqual({ token: '', credentials: '' });
      expect(config.startsWith(home) && home !== dir).toBe(true);
    }
  });

  it('says so when every gcloud command passes', async () => {
    const dir = fixture();
    const { env } = withFakeGcloud(dir);
    writeTree(dir, { 'bin/gcloud': FAKE_GCLOUD.replace('"run deploy satta-notify"*)', '"never"*)') });
    const { code, out } = await run(dir, ['--project', 'demo-x', '--dry-run'], env);
    expect(code).toBe(0);
    const count = out
      .filter((line) => line.startsWith('gcloud ') && !line.startsWith('gcloud auth '))
      .flatMap((line) => line.split(/ \|\| | && /)).length;
    expect(count).toBeGreaterThan(25);
    expect(out).toContain(
      `deploy: checked: gcloud 530.0.0 accepts the arguments of the ${count} gcloud commands below, rollback included (each run without credentials: each stopped at authentication).`,
    );
  });

  it.skipIf(!existsSync(join(ROOT, 'node_modules/.bin/firebase')))(
    "firebase-tools: the rollback's hosting:clone passes; the old `--version` form, which printed the version and changed nothing, is refused",
    async () => {
      const { argumentChecks } = await import('./deployArgumentChecks.ts');
      const [, firebase] = await argumentChecks(
        [
          ['npx', 'firebase', 'hosting:clone', 'satta-prod@0123456789abcdef', 'satta-prod:live', '--project', 'satta-prod'],
          ['npx', 'firebase', 'hosting:clone', 'satta-prod:live', 'satta-prod:live', '--version', '0123456789abcdef'],
        ],
        NO_GCLOUD,
        ROOT,
      );
      expect(firebase).toMatchObject({
        kind: 'checked',
        count: 2,
        problems: [
          expect.stringMatching(
            /^firebase-tools refused the arguments of `npx firebase hosting:clone satta-prod:live satta-prod:live --version 0123456789abcdef`: it exited 0 without asking for credentials, so it did not run that command \(\d+\.\d+\.\d+\)$/,
          ),
        ],
      });
    },
    60_000,
  );

  it.skipIf(!installed('gcloud'))(
    "this machine's gcloud accepts every gcloud command of the dry run",
    async () => {
      const dir = fixture();
      const { code, out, err } = await run(dir, ['--project', 'demo-x', '--dry-run'], process.env);
      expect({ code, err }).toEqual({ code: 0, err: [] });
      expect(out).toContainEqual(
        expect.stringMatching(/^deploy: checked: gcloud [\d.]+ accepts the arguments of the \d+ gcloud commands below/),
      );
    },
    300_000,
  );
});

/**
 * Stand-ins for gcloud, npm and npx that log their arguments: `describe` fails (nothing exists
 * yet) except for the secret, the project (its number is $PROJECT_NUMBER, 123456789012 unless
 * set) and the Compute Engine default account, `npm run package` lays out dist/ as the real one
 * does, any command containing $FAIL_ON fails, and one containing $FLAKY_ON fails its first
 * $FLAKY_TIMES runs.
 */
const STAND_INS: Record<string, string> = {
  gcloud: `#!/bin/sh
# The argument checks run without credentials (a CLOUDSDK_CONFIG of their own): stop as gcloud would.
if [ -n "$CLOUDSDK_CONFIG" ]; then
  [ -n "$REFUSE_ARGS" ] && case "$*" in *"$REFUSE_ARGS"*) echo "ERROR: (gcloud) unrecognized arguments: $REFUSE_ARGS" >&2; exit 2 ;; esac
  case "$*" in "version --format=json") echo '{"Google Cloud SDK": "530.0.0"}'; exit 0 ;; esac
  echo "ERROR: (gcloud) You do not currently have an active account selected." >&2; exit 1
fi
echo "gcloud $*" >> "$DEPLOY_LOG"
case "$*" in *"$FAIL_ON"*) [ -n "$FAIL_ON" ] && exit 1 ;; esac
case "$*" in *"$FLAKY_ON"*)
  if [ -n "$FLAKY_ON" ]; then
    echo x >> "$DEPLOY_LOG.flaky"
    [ "$(wc -l < "$DEPLOY_LOG.flaky")" -le "$FLAKY_TIMES" ] && { echo "ERROR: Service account does not exist." >&2; exit 1; }
  fi ;;
esac
case "$*" in
  "version --format=json") echo '{"Google Cloud SDK": "530.0.0"}' ;;
  "auth list"*) echo deployer@example.com ;;
  "projects describe"*) echo "\${PROJECT_NUMBER:-123456789012}" ;;
  "secrets describe"*) ;;
  *"-compute@developer.gserviceaccount.com"*) ;;
  *" describe "*) exit 1 ;;
esac
exit 0
`,
  npm: `#!/bin/sh
echo "npm $*" >> "$DEPLOY_LOG"
if [ "$*" = "run package" ]; then
  mkdir -p dist/package/render/shell dist/package/notify/server
  : > dist/package/render/Dockerfile; : > dist/package/notify/Dockerfile; : > dist/package/notify/server/admin-create.mjs
  cp shell/index.html dist/package/render/shell/index.html
  for remote in mf-results mf-chart mf-agents mf-fun mf-admin; do mkdir -p dist/site/remotes/$remote; : > dist/site/remotes/$remote/remoteEntry.js; done
fi
`,
  npx: `#!/bin/sh
echo "npx $*" >> "$DEPLOY_LOG"
`,
};

describe('a real deploy (gcloud, npm and npx replaced by stand-ins that log)', () => {
  function standIns(dir: string, failOn = '', more: Record<string, string> = {}) {
    const bin = join(dir, 'bin');
    for (const [name, script] of Object.entries(STAND_INS)) {
      writeTree(bin, { [name]: script });
      chmodSync(join(bin, name), 0o755);
    }
    cpSync(join(dir, 'deploy/demo-x.json'), join(dir, 'deploy/satta-prod.json'));
    editJson(dir, 'deploy/satta-prod.json', (settings) =>
      Object.assign(settings.firebase as object, { databaseURL: 'https://satta-prod-default-rtdb.asia-southeast1.firebasedatabase.app' }),
    );
    const log = join(dir, 'commands.log');
    const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: dir, FIREBASE_TOKEN: 'token', DEPLOY_LOG: log, FAIL_ON: failOn, ...more };
    return { env, commands: () => readFileSync(log, 'utf8').trim().split('\n') };
  }

  it('runs the commands of the dry run in order, creating what does not exist, and puts /config.json into the site and the image', async () => {
    const dir = fixture();
    const { env, commands } = standIns(dir);
    const { code, out, err } = await run(dir, ['--project', 'satta-prod'], env);
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out).toContainEqual(
      expect.stringMatching(
        /^deploy: checked: gcloud 530\.0\.0 accepts the arguments of the \d+ gcloud commands of the deploy, rollback included/,
      ),
    );
    const log = commands();
    expect(log.map((line) => line.split(' ').slice(0, 4).join(' '))).toEqual([
      'gcloud version --format=json',
      'gcloud auth list --filter=status:ACTIVE',
      'gcloud projects describe satta-prod',
      'npm run build',
      'npm run package',
      'gcloud services enable run.googleapis.com',
      'gcloud secrets describe vapid-private-key',
      'gcloud artifacts repositories describe',
      'gcloud artifacts repositories create',
      'npx firebase hosting:sites:get satta-prod',
      'npx firebase deploy --only',
      'gcloud iam roles describe',
      'gcloud iam roles create',
      'gcloud iam roles update',
      'gcloud iam service-accounts describe',
      'gcloud projects add-iam-policy-binding satta-prod',
      'gcloud iam service-accounts describe',
      'gcloud iam service-accounts create',
      'gcloud projects add-iam-policy-binding satta-prod',
      'gcloud builds submit dist/package/render',
      'gcloud run deploy satta-render',
      'gcloud iam service-accounts describe',
      'gcloud iam service-accounts create',
      'gcloud projects add-iam-policy-binding satta-prod',
      'gcloud projects add-iam-policy-binding satta-prod',
      'gcloud secrets add-iam-policy-binding vapid-private-key',
      'gcloud builds submit dist/package/notify',
      'gcloud run deploy satta-notify',
      'gcloud services enable cloudtasks.googleapis.com',
      'gcloud iam service-accounts describe',
      'gcloud iam service-accounts create',
      'gcloud tasks queues describe',
      'gcloud tasks queues create',
      'gcloud tasks queues add-iam-policy-binding',
      'gcloud iam service-accounts add-iam-policy-binding',
      'npx firebase deploy --only',
    ]);
    expect(log.filter((line) => line.startsWith('npx firebase deploy'))).toEqual([
      'npx firebase deploy --only database --project satta-prod --config dist/deploy/satta-prod/firebase.json --non-interactive',
      `npx firebase deploy --only hosting --project satta-prod --config dist/deploy/satta-prod/firebase.json --non-interactive --message satta ${TAG}`,
    ]);
    // The Compute Engine default account exists, so Cloud Build's role is granted to it.
    expect(log).toContain(
      'gcloud projects add-iam-policy-binding satta-prod --member serviceAccount:123456789012-compute@developer.gserviceaccount.com --role roles/cloudbuild.builds.builder --condition None --quiet',
    );
    const config = readFileSync(join(dir, 'dist/deploy/satta-prod/config.json'), 'utf8');
    expect(readFileSync(join(dir, 'dist/site/config.json'), 'utf8')).toBe(config);
    expect(readFileSync(join(dir, 'dist/package/render/shell/config.json'), 'utf8')).toBe(config);
  });

  it('stops at the first failing command, naming it, and deploys nothing after it', async () => {
    const dir = fixture();
    const { env, commands } = standIns(dir, 'builds submit dist/package/render');
    const { code, err } = await run(dir, ['--project', 'satta-prod'], env);
    expect({ code, err }).toEqual({
      code: 1,
      err: [
        `deploy: failed (exit 1): gcloud builds submit dist/package/render --tag asia-south1-docker.pkg.dev/satta-prod/satta/render:${TAG} --project satta-prod`,
        "deploy: if the build was refused a permission: a new project's builds run as the Compute Engine default service account " +
          '(123456789012-compute@developer.gserviceaccount.com), which needs roles/cloudbuild.builds.builder; the deploy grants it when that account exists ' +
          '(docs/deploy.md, "Cloud Build").',
      ],
    });
    expect(commands().at(-1)).toContain('gcloud builds submit dist/package/render');
    expect(existsSync(join(dir, 'dist/site/config.json'))).toBe(true);
  });

  it('tries an IAM binding again with backoff while a new service account propagates', async () => {
    const dir = fixture();
    const { env } = standIns(dir, '', {
      FLAKY_ON: 'add-iam-policy-binding satta-prod --member serviceAccount:satta-render',
      FLAKY_TIMES: '2',
    });
    const { code, out, err } = await run(dir, ['--project', 'satta-prod'], env);
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(slept).toEqual([5_000, 10_000]);
    expect(out).toContain(
      'deploy: failed (exit 1); trying again in 5 s (try 2 of 6): a service account just created takes a while to be known to IAM.',
    );
    expect(out).toContain(
      'deploy: failed (exit 1); trying again in 10 s (try 3 of 6): a service account just created takes a while to be known to IAM.',
    );
  });

  it('gives up on a binding after six tries, naming it', async () => {
    const dir = fixture();
    const { env } = standIns(dir, '', {
      FLAKY_ON: 'add-iam-policy-binding satta-prod --member serviceAccount:satta-render',
      FLAKY_TIMES: '9',
    });
    const { code, err } = await run(dir, ['--project', 'satta-prod'], env);
    expect(slept).toEqual([5_000, 10_000, 20_000, 40_000, 60_000]);
    expect({ code, err }).toEqual({
      code: 1,
      err: [
        'deploy: failed (exit 1): gcloud projects add-iam-policy-binding satta-prod --member serviceAccount:satta-render@satta-prod.iam.gserviceaccount.com ' +
          '--role projects/satta-prod/roles/sattaDatabase --condition None --quiet',
      ],
    });
  });

  it("refuses a notifyUrl whose project number is not the project's, before building anything", async () => {
    const dir = fixture();
    const { env, commands } = standIns(dir, '', { PROJECT_NUMBER: '987654321098' });
    const { code, err } = await run(dir, ['--project', 'satta-prod'], env);
    expect({ code, err }).toEqual({
      code: 1,
      err: [
        'deploy: deploy/satta-prod.json: notifyUrl https://satta-notify-123456789012.asia-south1.run.app holds the project number 123456789012, ' +
          "but satta-prod's is 987654321098: write https://satta-notify-987654321098.asia-south1.run.app.",
      ],
    });
    expect(commands().filter((line) => line.startsWith('npm'))).toEqual([]);
  });

  it("stops before building anything when this machine's gcloud refuses a command's arguments (an older gcloud)", async () => {
    const dir = fixture();
    const { env, commands } = standIns(dir, '', { REFUSE_ARGS: '--no-invoker-iam-check' });
    const { code, out, err } = await run(dir, ['--project', 'satta-prod'], env);
    expect(code).toBe(1);
    expect(err).toEqual([
      expect.stringMatching(
        /^deploy: gcloud refused the arguments of `gcloud run deploy satta-render .*`: ERROR: \(gcloud\) unrecognized arguments: --no-invoker-iam-check$/,
      ),
      expect.stringMatching(
        /^deploy: gcloud refused the arguments of `gcloud run deploy satta-notify .*`: ERROR: \(gcloud\) unrecognized arguments: --no-invoker-iam-check$/,
      ),
    ]);
    expect(out.filter((line) => line.startsWith('deploy: $'))).toEqual([]);
    expect(
      commands().filter(
        (line) =>
          !line.startsWith('gcloud version') && !line.startsWith('gcloud auth list') && !line.startsWith('gcloud projects describe'),
      ),
    ).toEqual([]);
  });

  it('says how to create the VAPID secret when Secret Manager has none', async () => {
    const dir = fixture();
    const { env } = standIns(dir, 'secrets describe');
    const { code, err } = await run(dir, ['--project', 'satta-prod'], env);
    expect({ code, err }).toEqual({
      code: 1,
      err: [
        'deploy: failed (exit 1): gcloud secrets describe vapid-private-key --project satta-prod',
        'deploy: Secret Manager has no secret vapid-private-key in satta-prod: create it once from the private key of the pair whose public key is ' +
          'vapidPublicKey (`printf %s "$VAPID_PRIVATE_KEY" | gcloud secrets create vapid-private-key --data-file=- --project satta-prod`), then deploy again.',
      ],
    });
  });
});

describe('runtimeConfigProblems: the RuntimeConfig type of shared/data/config.ts', () => {
  it('names each field that does not fit', () => {
    expect(
      runtimeConfigProblems(
        { firebase: { projectId: 7, apiKey: 'k', region: 'x' }, emulators: { database: { host: 'h' } }, remotes: { a: 1 }, extra: true },
        'config.json',
      ),
    ).toEqual([
      'config.json: extra is not a field of RuntimeConfig.',
      'config.json: firebase.region is not a Firebase option.',
      'config.json: firebase.projectId must be a non-empty string.',
      'config.json: firebase.databaseURL must be a non-empty string.',
      'config.json: emulators.database must be { host: string, port: integer, streamPort?: integer }.',
      'config.json: remotes["a"] must be a string.',
    ]);
  });
});
