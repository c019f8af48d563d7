import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '../shared/domain/remotes.ts';

/**
 * A project's deploy settings, `deploy/<project>.json`: what differs between Firebase projects and
 * is not secret (the VAPID private key is named by its Secret Manager secret, never written here).
 * docs/deploy.md describes each field; deploy/demo-x.json is the worked example.
 */
export interface DeploySettings {
  /** The site's origin, e.g. "https://satta.example.com": CORS of the notify service, the render service's canonical origin. */
  site: string;
  /** Cloud Run region of both services; `--region` overrides it, asia-south1 when neither says. */
  region?: string;
  /** The web app's Firebase options (Firebase console, project settings); the project id is the deploy's --project. */
  firebase: FirebaseWebOptions;
  /** Public base URL of the notify service, no trailing slash. */
  notifyUrl: string;
  vapidPublicKey: string;
  /** Contact for push services: mailto: or https:. */
  vapidSubject: string;
  /** Name of the Secret Manager secret holding the VAPID private key. */
  vapidPrivateKeySecret: string;
  /** The account to provision as admin, once (the deploy prints the command). */
  adminEmail: string;
  /** IANA zone that defines "today"; Asia/Kolkata when absent. */
  timezone?: string;
  /** Where a remote's remoteEntry.js lives when not at /remotes/<name>/ of the site. */
  remotes?: Partial<Record<RemoteName, string>>;
  /** The Firebase Hosting site to deploy to; the project id when absent (the default site's usual id). */
  hostingSite?: string;
}

export interface FirebaseWebOptions {
  apiKey: string;
  authDomain: string;
  appId: string;
  databaseURL: string;
  storageBucket?: string;
  messagingSenderId?: string;
  measurementId?: string;
}

export const DEFAULT_REGION = 'asia-south1';
const EXAMPLE_SETTINGS = 'deploy/demo-x.json';

export function settingsPath(project: string): string {
  return `deploy/${project}.json`;
}

/** The settings of `project` under `root`, or one full sentence per problem, each naming the file and field. */
export function readDeploySettings(root: string, project: string): { settings: DeploySettings } | { problems: string[] } {
  const file = settingsPath(project);
  let text: string;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return {
      problems: [
        `${file} does not exist: copy ${EXAMPLE_SETTINGS} to ${file} and put in ${project}'s values (docs/deploy.md describes each field).`,
      ],
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [`${file} is not valid JSON (${(error as Error).message}).`] };
  }
  const problems = settingsProblems(value, file);
  return problems.length > 0 ? { problems } : { settings: value as DeploySettings };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * A P-256 public key as browsers want it for `applicationServerKey`: the uncompressed point
 * (0x04, x, y: 65 bytes) in base64url. Importing it checks that the point is on the curve.
 */
function vapidKeyProblem(key: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) return 'is not base64url (A-Z, a-z, 0-9, - and _ only, no padding)';
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) {
    return `is not an uncompressed P-256 point (65 bytes starting with 0x04): it decodes to ${bytes.length} bytes`;
  }
  try {
    const [x, y] = [bytes.subarray(1, 33), bytes.subarray(33)].map((b) => b.toString('base64url'));
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
    return null;
  } catch {
    return 'is not a point of the P-256 curve';
  }
}

function validTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const FIELDS = new Set([
  '$comment',
  'site',
  'region',
  'firebase',
  'notifyUrl',
  'vapidPublicKey',
  'vapidSubject',
  'vapidPrivateKeySecret',
  'adminEmail',
  'timezone',
  'remotes',
  'hostingSite',
]);
const FIREBASE_REQUIRED = ['apiKey', 'authDomain', 'appId', 'databaseURL'] as const;
const FIREBASE_OPTIONAL = ['storageBucket', 'messagingSenderId', 'measurementId'] as const;

/** One sentence per problem of a deploy/<project>.json value, each naming `file` and the field. */
function settingsProblems(value: unknown, file: string): string[] {
  if (!isObject(value)) return [`${file} must hold a JSON object (see ${EXAMPLE_SETTINGS}).`];
  const problems: string[] = [];
  const say = (field: string, problem: string) => problems.push(`${file}: ${field} ${problem}.`);
  const text = (object: Json, field: string, path = field): string | undefined => {
    const v = object[field];
    if (typeof v === 'string' && v.trim() !== '') return v;
    say(path, v === undefined ? 'is missing' : 'must be a non-empty string');
    return undefined;
  };
  const optionalText = (object: Json, field: string, path = field): string | undefined =>
    object[field] === undefined ? undefined : text(object, field, path);
  const https = (field: string, url: string, rule: (u: URL) => string | null) => {
    const parsed = parseUrl(url);
    if (parsed?.protocol !== 'https:') return say(field, `must be an https:// URL, not '${url}'`);
    const problem = rule(parsed);
    if (problem) say(field, problem);
  };

  for (const key of Object.keys(value)) if (!FIELDS.has(key)) say(key, `is not a deploy setting (known: ${[...FIELDS].join(', ')})`);

  const site = text(value, 'site');
  if (site) https('site', site, (u) => (u.origin === site ? null : `must be an origin only (scheme and host, e.g. '${u.origin}')`));

  const region = optionalText(value, 'region');
  if (region && !/^[a-z]+-[a-z]+\d+$/.test(region)) say('region', `must be a Cloud Run region such as ${DEFAULT_REGION}, not '${region}'`);

  if (!isObject(value.firebase)) {
    say('firebase', value.firebase === undefined ? 'is missing' : 'must be an object with apiKey, authDomain, appId and databaseURL');
  } else {
    const firebase = value.firebase;
    for (const key of Object.keys(firebase)) {
      if (key === 'projectId') say('firebase.projectId', "must be left out: it is the deploy's --project");
      else if (!(FIREBASE_REQUIRED as readonly string[]).includes(key) && !(FIREBASE_OPTIONAL as readonly string[]).includes(key)) {
        say(`firebase.${key}`, 'is not a Firebase web option');
      }
    }
    for (const key of FIREBASE_REQUIRED) text(firebase, key, `firebase.${key}`);
    for (const key of FIREBASE_OPTIONAL) optionalText(firebase, key, `firebase.${key}`);
    const authDomain = firebase.authDomain;
    if (typeof authDomain === 'string' && authDomain && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(authDomain)) {
      say('firebase.authDomain', `must be a host name such as my-project.firebaseapp.com, not '${authDomain}'`);
    }
    const databaseURL = firebase.databaseURL;
    if (typeof databaseURL === 'string' && databaseURL) {
      // The Content-Security-Policy allows the database on these domains only.
      https('firebase.databaseURL', databaseURL, (u) =>
        /\.(firebaseio\.com|firebasedatabase\.app)$/.test(u.hostname)
          ? null
          : `must be a Realtime Database URL (https://….firebaseio.com or https://….firebasedatabase.app), not '${databaseURL}'`,
      );
    }
  }

  const notifyUrl = text(value, 'notifyUrl');
  if (notifyUrl) {
    https('notifyUrl', notifyUrl, (u) =>
      notifyUrl.endsWith('/') || u.search || u.hash ? `must be the service's base URL without a trailing slash, query or fragment` : null,
    );
  }

  const vapidPublicKey = text(value, 'vapidPublicKey');
  const keyProblem = vapidPublicKey ? vapidKeyProblem(vapidPublicKey) : null;
  if (keyProblem) say('vapidPublicKey', `${keyProblem} (generate a pair with \`npx web-push generate-vapid-keys\`)`);

  const subject = text(value, 'vapidSubject');
  if (subject && !/^mailto:[^\s@]+@[^\s@]+$/.test(subject) && parseUrl(subject)?.protocol !== 'https:') {
    say('vapidSubject', `must be a mailto: address or an https:// URL push services can reach you at, not '${subject}'`);
  }

  const secret = text(value, 'vapidPrivateKeySecret');
  if (secret && !/^[A-Za-z0-9_-]{1,255}$/.test(secret)) {
    say('vapidPrivateKeySecret', `must be the name of a Secret Manager secret (letters, digits, - and _), not '${secret}'`);
  } else if (secret?.length === 43) {
    // 43 base64url characters is exactly a VAPID private key: it must not be in a committed file.
    say(
      'vapidPrivateKeySecret',
      "looks like the VAPID private key itself: put the key into Secret Manager and write the secret's name here",
    );
  }

  const adminEmail = text(value, 'adminEmail');
  if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) say('adminEmail', `must be an e-mail address, not '${adminEmail}'`);

  const timezone = optionalText(value, 'timezone');
  if (timezone && !validTimezone(timezone)) say('timezone', `must be an IANA time zone such as Asia/Kolkata, not '${timezone}'`);

  const hostingSite = optionalText(value, 'hostingSite');
  if (hostingSite && !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(hostingSite)) {
    say('hostingSite', `must be a Hosting site id (lowercase letters, digits and hyphens), not '${hostingSite}'`);
  }

  // These reach the services through `gcloud run deploy --set-env-vars`, which splits at commas.
  const envFields = {
    site,
    'firebase.databaseURL': isObject(value.firebase) ? value.firebase.databaseURL : undefined,
    vapidSubject: subject,
    timezone,
  };
  for (const [field, v] of Object.entries(envFields)) {
    if (typeof v === 'string' && v.includes(',')) say(field, 'must not contain a comma (gcloud --set-env-vars splits at commas)');
  }

  if (value.remotes !== undefined) {
    if (!isObject(value.remotes)) say('remotes', 'must be an object of remote name -> URL of its remoteEntry.js');
    else {
      for (const [name, url] of Object.entries(value.remotes)) {
        const field = `remotes["${name}"]`;
        if (!(REMOTE_NAMES as readonly string[]).includes(name)) say(field, `is not a remote (known: ${REMOTE_NAMES.join(', ')})`);
        else if (typeof url !== 'string' || !url.endsWith('/remoteEntry.js')) say(field, 'must be the URL of a remoteEntry.js');
        else if (!url.startsWith('/')) https(field, url, () => null);
      }
    }
  }
  return problems;
}
