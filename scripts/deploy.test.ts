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

async function run(dir: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await deploy([...args, '--root', dir], { out: (line) => out.push(line), err: (line) => err.push(line), env }, NOW);
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
    expect(out).toEqual(
      expect.arrayContaining([
        `deploy: demo-x in asia-south1, image tag ${TAG} (dry run: checks, then prints the commands and runs none).`,
        "deploy: checked: firebase.json matches firebase-tools' schema (node_modules/firebase-tools/schema/firebase-config.json).",
        "deploy: checked: firebase.json's hosting.headers are those server/hosting/headers.ts generates for shell/index.html.",
        'deploy: not built yet: dist/site, dist/package; checked at deploy time, after npm run package.',
        'npm run build',
        'npm run package',
        'gcloud iam service-accounts describe satta-render@demo-x.iam.gserviceaccount.com --project demo-x || ' +
          "gcloud iam service-accounts create satta-render --display-name 'satta-render: the server-rendered pages behind Hosting' --project demo-x",
        'gcloud projects add-iam-policy-binding demo-x --member serviceAccount:satta-render@demo-x.iam.gserviceaccount.com ' +
          '--role roles/firebasedatabase.admin --condition None --quiet',
        'gcloud projects add-iam-policy-binding demo-x --member serviceAccount:satta-notify@demo-x.iam.gserviceaccount.com ' +
          '--role roles/firebasedatabase.admin --condition None --quiet',
        'gcloud projects add-iam-policy-binding demo-x --member serviceAccount:satta-notify@demo-x.iam.gserviceaccount.com ' +
          '--role roles/firebaseauth.viewer --condition None --quiet',
        'gcloud secrets add-iam-policy-binding vapid-private-key --member serviceAccount:satta-notify@demo-x.iam.gserviceaccount.com ' +
          '--role roles/secretmanager.secretAccessor --condition None --quiet --project demo-x',
        `gcloud builds submit dist/package/render --tag ${image('render')} --project demo-x`,
        `gcloud run deploy satta-render --image ${image('render')} --region asia-south1 --project demo-x ` +
          '--service-account satta-render@demo-x.iam.gserviceaccount.com --allow-unauthenticated --min-instances 1 --max-instances 10 ' +
          `--no-cpu-throttling --cpu-boost --concurrency 80 --cpu 1 --memory 512Mi --timeout 30s ${probes} ` +
          '--set-env-vars RENDER_SITE=https://satta.example.com,GOOGLE_CLOUD_PROJECT=demo-x',
        `gcloud run deploy satta-notify --image ${image('notify')} --region asia-south1 --project demo-x ` +
          '--service-account satta-notify@demo-x.iam.gserviceaccount.com --allow-unauthenticated --min-instances 1 --max-instances 3 ' +
          `--no-cpu-throttling --cpu-boost --concurrency 80 --cpu 1 --memory 512Mi --timeout 60s ${probes} ` +
          '--set-env-vars GCLOUD_PROJECT=demo-x,NOTIFY_DATABASE_URL=https://demo-x-default-rtdb.asia-southeast1.firebasedatabase.app,' +
          `VAPID_PUBLIC_KEY=${vapid},VAPID_SUBJECT=mailto:admin@satta.example.com,NOTIFY_ALLOWED_ORIGINS=https://satta.example.com,` +
          'NOTIFY_TRUST_PROXY=1,NOTIFY_TIMEZONE=Asia/Kolkata --set-secrets VAPID_PRIVATE_KEY=vapid-private-key:latest',
        'npx firebase deploy --only hosting,database --project demo-x --config dist/deploy/demo-x/firebase.json ' +
          `--non-interactive --message 'satta ${TAG}'`,
        "(cd dist/package/notify && npm ci --omit=dev && GOOGLE_APPLICATION_CREDENTIALS=key.json node server/admin-create.mjs --email admin@satta.example.com --password '<a new password>' --project demo-x)",
        'deploy: dry run done: nothing was built, created or deployed.',
      ]),
    );
    // The services before Hosting, whose rewrites send the pages to satta-render.
    const at = (prefix: string) => out.findIndex((line) => line.startsWith(prefix));
    expect(at('gcloud run deploy satta-render')).toBeLessThan(at('npx firebase deploy'));
  });

  it("writes the project's firebase.json (paths firebase-tools accepts, the region, the notify origin) and its /config.json", async () => {
    const dir = fixture();
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
    const csp = firebase.hosting.headers[0]?.headers[0]?.value ?? '';
    expect(csp).toContain('https://securetoken.googleapis.com https://satta-notify-123456789012.asia-south1.run.app;');
    expect(csp).toContain(`script-src 'self' ${shellScriptHashes(dir).join(' ')} `);
    expect(csp).toContain("frame-src 'self' https://*.firebasedatabase.app https://*.firebaseio.com https://demo-x.firebaseapp.com;");

    const config = JSON.parse(readFileSync(join(dir, 'dist/deploy/demo-x/config.json'), 'utf8')) as Record<string, unknown>;
    expect(runtimeConfigProblems(config, 'config.json')).toEqual([]);
    expect(config).toMatchObject({
      firebase: { projectId: 'demo-x', databaseURL: 'https://demo-x-default-rtdb.asia-southeast1.firebasedatabase.app' },
      notifyUrl: 'https://satta-notify-123456789012.asia-south1.run.app',
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
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
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
      'deploy: deploy/demo-x.json: sites is not a deploy setting (known: $comment, site, region, firebase, notifyUrl, vapidPublicKey, vapidSubject, vapidPrivateKeySecret, adminEmail, timezone, remotes).',
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

/**
 * Stand-ins for gcloud, npm and npx that log their arguments: `describe` fails (nothing exists
 * yet) except for the secret, `npm run package` lays out dist/ as the real one does, and any
 * command containing $FAIL_ON fails.
 */
const STAND_INS: Record<string, string> = {
  gcloud: `#!/bin/sh
echo "gcloud $*" >> "$DEPLOY_LOG"
case "$*" in *"$FAIL_ON"*) [ -n "$FAIL_ON" ] && exit 1 ;; esac
case "$*" in
  "version --format=json") echo '{"Google Cloud SDK": "530.0.0"}' ;;
  "auth list"*) echo deployer@example.com ;;
  "secrets describe"*) ;;
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
  function standIns(dir: string, failOn = '') {
    const bin = join(dir, 'bin');
    for (const [name, script] of Object.entries(STAND_INS)) {
      writeTree(bin, { [name]: script });
      chmodSync(join(bin, name), 0o755);
    }
    cpSync(join(dir, 'deploy/demo-x.json'), join(dir, 'deploy/satta-prod.json'));
    const log = join(dir, 'commands.log');
    const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: dir, FIREBASE_TOKEN: 'token', DEPLOY_LOG: log, FAIL_ON: failOn };
    return { env, commands: () => readFileSync(log, 'utf8').trim().split('\n') };
  }

  it('runs the commands of the dry run in order, creating what does not exist, and puts /config.json into the site and the image', async () => {
    const dir = fixture();
    const { env, commands } = standIns(dir);
    const { code, err } = await run(dir, ['--project', 'satta-prod'], env);
    expect({ code, err }).toEqual({ code: 0, err: [] });
    const log = commands();
    expect(log.map((line) => line.split(' ').slice(0, 4).join(' '))).toEqual([
      'gcloud version --format=json',
      'gcloud auth list --filter=status:ACTIVE',
      'npm run build',
      'npm run package',
      'gcloud services enable run.googleapis.com',
      'gcloud artifacts repositories describe',
      'gcloud artifacts repositories create',
      'gcloud iam service-accounts describe',
      'gcloud iam service-accounts create',
      'gcloud projects add-iam-policy-binding satta-prod',
      'gcloud builds submit dist/package/render',
      'gcloud run deploy satta-render',
      'gcloud iam service-accounts describe',
      'gcloud iam service-accounts create',
      'gcloud projects add-iam-policy-binding satta-prod',
      'gcloud projects add-iam-policy-binding satta-prod',
      'gcloud secrets describe vapid-private-key',
      'gcloud secrets add-iam-policy-binding vapid-private-key',
      'gcloud builds submit dist/package/notify',
      'gcloud run deploy satta-notify',
      'npx firebase deploy --only',
    ]);
    expect(log.at(-1)).toBe(
      `npx firebase deploy --only hosting,database --project satta-prod --config dist/deploy/satta-prod/firebase.json --non-interactive --message satta ${TAG}`,
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
      ],
    });
    expect(commands().at(-1)).toContain('gcloud builds submit dist/package/render');
    expect(existsSync(join(dir, 'dist/site/config.json'))).toBe(true);
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
      'config.json: emulators.database must be { host: string, port: integer }.',
      'config.json: remotes["a"] must be a string.',
    ]);
  });
});
