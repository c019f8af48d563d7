import type { Command, Stage } from './deployPlan.ts';

/**
 * The Cloud Tasks queue the notify service hands a result's shards to (server/notify/src/shards.ts,
 * docs/push.md "Past one instance"), and the account whose OIDC token each task carries. Every
 * step is idempotent: the queue and the account are created once, the bindings are set each time.
 *
 * - The queue retries a shard the service did not answer 2xx (a failure, or 409 while another
 *   delivery sends it) with backoff from 2 s to 60 s, 10 times; 20 shards a second and 10 at a time
 *   at most, so a million subscribers (40 shards of 25,000) start within two seconds and no more
 *   instances are woken than Cloud Run's max-instances allows.
 * - satta-push-tasks has no role at all: its token only proves to the service that the request
 *   came from the queue (the service checks issuer, audience and account, shards.ts).
 * - satta-notify may add tasks to this queue (cloudtasks.enqueuer on the queue only) and may act
 *   as satta-push-tasks (iam.serviceAccountUser on that account only), which creating a task with
 *   its OIDC token needs.
 */
export const TASKS_QUEUE = 'satta-push';
const TASKS_ACCOUNT_ID = 'satta-push-tasks';

export function tasksAccount(project: string): string {
  return `${TASKS_ACCOUNT_ID}@${project}.iam.gserviceaccount.com`;
}

/** The notify service's settings for the queue (NOTIFY_TASKS_*, NOTIFY_SHARD_URL; server/notify/src/config.ts). */
export function tasksEnvironment(project: string, region: string, notifyUrl: string): Record<string, string> {
  return {
    NOTIFY_TASKS_QUEUE: `projects/${project}/locations/${region}/queues/${TASKS_QUEUE}`,
    NOTIFY_TASKS_SERVICE_ACCOUNT: tasksAccount(project),
    NOTIFY_SHARD_URL: notifyUrl.replace(/\/+$/, ''),
  };
}

/** After the notify service's account exists (its stage creates it). */
export function tasksStage(project: string, region: string, notifyAccount: string): Stage {
  const account = tasksAccount(project);
  const where = ['--location', region, '--project', project];
  const commands: Command[] = [
    { argv: ['gcloud', 'services', 'enable', 'cloudtasks.googleapis.com', '--project', project] },
    {
      unless: ['gcloud', 'iam', 'service-accounts', 'describe', account, '--project', project],
      argv: [
        'gcloud',
        'iam',
        'service-accounts',
        'create',
        TASKS_ACCOUNT_ID,
        '--display-name',
        `${TASKS_ACCOUNT_ID}: identity of the push shard tasks`,
        '--project',
        project,
      ],
    },
    {
      unless: ['gcloud', 'tasks', 'queues', 'describe', TASKS_QUEUE, ...where],
      argv: [
        'gcloud',
        'tasks',
        'queues',
        'create',
        TASKS_QUEUE,
        '--max-attempts',
        '10',
        '--min-backoff',
        '2s',
        '--max-backoff',
        '60s',
        '--max-dispatches-per-second',
        '20',
        '--max-concurrent-dispatches',
        '10',
        ...where,
      ],
    },
    {
      argv: [
        'gcloud',
        'tasks',
        'queues',
        'add-iam-policy-binding',
        TASKS_QUEUE,
        '--member',
        `serviceAccount:${notifyAccount}`,
        '--role',
        'roles/cloudtasks.enqueuer',
        ...where,
      ],
      // The accounts may have been created moments ago (deployPlan.ts, Command.retry).
      retry: true,
    },
    {
      argv: [
        'gcloud',
        'iam',
        'service-accounts',
        'add-iam-policy-binding',
        account,
        '--member',
        `serviceAccount:${notifyAccount}`,
        '--role',
        'roles/iam.serviceAccountUser',
        '--project',
        project,
      ],
      retry: true,
    },
  ];
  return {
    title: `${TASKS_QUEUE}: the Cloud Tasks queue of the push shards and ${TASKS_ACCOUNT_ID}, the account its tasks carry`,
    commands,
  };
}
