import type { RuntimeConfig } from '../shared/data/config.ts';
import { REMOTE_NAMES } from '../shared/domain/remotes.ts';
import { DEFAULT_TIMEZONE } from '../shared/domain/siteTime.ts';
import type { DeploySettings } from './deploySettings.ts';

/**
 * The site's `/config.json` for a deployed project, made from its deploy settings, and a check
 * that a value has the shape of `RuntimeConfig` (shared/data/config.ts) that the shell and the
 * render service read it as.
 */

/** Every remote at /remotes/<name>/ of the site unless the settings place it elsewhere. */
export function runtimeConfigFor(project: string, settings: DeploySettings): RuntimeConfig {
  return {
    firebase: { ...settings.firebase, projectId: project },
    notifyUrl: settings.notifyUrl,
    vapidPublicKey: settings.vapidPublicKey,
    timezone: settings.timezone ?? DEFAULT_TIMEZONE,
    remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, settings.remotes?.[name] ?? `/remotes/${name}/remoteEntry.js`])),
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** firebase/app's FirebaseOptions, every one a string. */
const FIREBASE_OPTIONS = [
  'apiKey',
  'authDomain',
  'databaseURL',
  'projectId',
  'storageBucket',
  'messagingSenderId',
  'appId',
  'measurementId',
];
const TOP_LEVEL = ['firebase', 'emulators', 'notifyUrl', 'vapidPublicKey', 'timezone', 'remotes'];

/** Where `value` differs from RuntimeConfig, one line per field (`label` names the file); empty when it conforms. */
export function runtimeConfigProblems(value: unknown, label: string): string[] {
  if (!isObject(value)) return [`${label} must be a JSON object.`];
  const problems: string[] = [];
  const say = (field: string, problem: string) => problems.push(`${label}: ${field} ${problem}.`);
  const optionalString = (object: Json, key: string, field: string) => {
    if (object[key] !== undefined && typeof object[key] !== 'string') say(field, 'must be a string');
  };

  for (const key of Object.keys(value)) if (!TOP_LEVEL.includes(key)) say(key, 'is not a field of RuntimeConfig');
  if (!isObject(value.firebase)) say('firebase', 'must be an object');
  else {
    const firebase = value.firebase;
    const required = ['projectId', 'databaseURL'];
    for (const key of Object.keys(firebase)) {
      if (!FIREBASE_OPTIONS.includes(key)) say(`firebase.${key}`, 'is not a Firebase option');
      else if (!required.includes(key)) optionalString(firebase, key, `firebase.${key}`);
    }
    for (const key of required) {
      if (typeof firebase[key] !== 'string' || firebase[key] === '') say(`firebase.${key}`, 'must be a non-empty string');
    }
  }
  if (value.emulators !== undefined) {
    if (!isObject(value.emulators)) say('emulators', 'must be an object');
    else {
      optionalString(value.emulators, 'auth', 'emulators.auth');
      const database = value.emulators.database;
      if (
        database !== undefined &&
        (!isObject(database) ||
          typeof database.host !== 'string' ||
          !Number.isInteger(database.port) ||
          (database.streamPort !== undefined && !Number.isInteger(database.streamPort)))
      ) {
        say('emulators.database', 'must be { host: string, port: integer, streamPort?: integer }');
      }
    }
  }
  for (const key of ['notifyUrl', 'vapidPublicKey', 'timezone']) optionalString(value, key, key);
  if (value.remotes !== undefined) {
    if (!isObject(value.remotes)) say('remotes', 'must be an object of remote name -> URL');
    else
      for (const [name, url] of Object.entries(value.remotes)) if (typeof url !== 'string') say(`remotes["${name}"]`, 'must be a string');
  }
  return problems;
}
