import { CloudTasksClient } from '@google-cloud/tasks';
import type { TasksClient } from './shards.ts';

/** The real Cloud Tasks client (Application Default Credentials: the service's account on Cloud Run). */
export function cloudTasksClient(): TasksClient {
  const client = new CloudTasksClient();
  return {
    createTask: (request) => client.createTask(request),
    close: () => client.close(),
  };
}
