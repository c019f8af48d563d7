import type { DeploySettings } from './deploySettings.ts';

/**
 * Settings that are each valid but disagree with the deploy: checked before anything runs, one
 * sentence per disagreement naming the field.
 *
 * - The region. Cloud Run gives a service the URL `https://<service>-<project number>.<region>.run.app`
 *   (its deterministic URL), and the project's /config.json and Content-Security-Policy
 *   (`connect-src`) are made from `notifyUrl` and `remotes`: a run.app URL of another region would
 *   send browsers to a service this deploy does not make, and the policy would refuse the one it does.
 * - The database. `firebase deploy --only database` puts the rules on the project's default
 *   instance, `<project>-default-rtdb` (`.firebaseio.com` in us-central1,
 *   `.<region>.firebasedatabase.app` elsewhere), and the services and the site use `databaseURL`:
 *   another instance would run without the rules this deploy puts up.
 */

/** A Cloud Run deterministic URL's parts; null for any other host (a mapped domain, an old `….a.run.app` URL). */
export function runAppUrl(url: string): { service: string; projectNumber: string; region: string } | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  const match = /^([a-z0-9-]+)-(\d+)\.([a-z]+-[a-z]+\d+)\.run\.app$/.exec(host);
  return match ? { service: match[1] ?? '', projectNumber: match[2] ?? '', region: match[3] ?? '' } : null;
}

/** The hosts of a project's default Realtime Database instance; the first is the one to write. */
export function defaultDatabaseHosts(project: string): string[] {
  const instance = `${project}-default-rtdb`;
  return [
    `${instance}.firebaseio.com`,
    ...['europe-west1', 'asia-southeast1'].map((region) => `${instance}.${region}.firebasedatabase.app`),
    // Projects made before September 2020 have their default instance under the project id.
    `${project}.firebaseio.com`,
  ];
}

export function settingsDisagreements(file: string, project: string, region: string, settings: DeploySettings): string[] {
  const problems: string[] = [];
  const notify = runAppUrl(settings.notifyUrl);
  if (notify && notify.region !== region) {
    problems.push(
      `${file}: notifyUrl ${settings.notifyUrl} is in ${notify.region}, but the services deploy to ${region} ` +
        `(--region or region): the site's /config.json and Content-Security-Policy would name a notify service this deploy does not make; ` +
        `write https://satta-notify-${notify.projectNumber}.${region}.run.app, or deploy with --region ${notify.region}.`,
    );
  } else if (notify && notify.service !== 'satta-notify') {
    problems.push(
      `${file}: notifyUrl ${settings.notifyUrl} names the Cloud Run service ${notify.service}, but the deploy makes satta-notify.`,
    );
  }
  for (const [name, url] of Object.entries(settings.remotes ?? {})) {
    const remote = runAppUrl(url);
    if (remote && remote.region !== region) {
      problems.push(
        `${file}: remotes["${name}"] ${url} is in ${remote.region}, but the services deploy to ${region}: ` +
          `the Content-Security-Policy made for ${region} would not match it; deploy with --region ${remote.region} or move the remote.`,
      );
    }
  }
  let host = '';
  try {
    const url = new URL(settings.firebase.databaseURL);
    host = url.hostname;
  } catch {
    // deploySettings.ts has said so already.
  }
  const hosts = defaultDatabaseHosts(project);
  if (host && !hosts.includes(host)) {
    problems.push(
      `${file}: firebase.databaseURL ${settings.firebase.databaseURL} is not ${project}'s default database instance, ` +
        `which \`firebase deploy --only database\` puts the rules on: write https://${hosts[0]} (us-central1) or ` +
        `https://${project}-default-rtdb.<region>.firebasedatabase.app, as the Firebase console shows it.`,
    );
  }
  return problems;
}
