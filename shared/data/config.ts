import type { FirebaseOptions } from 'firebase/app';

/**
 * Runtime configuration, read from `/config.json` when the page starts so that one build
 * serves every environment (local stack, staging, production).
 */
export interface RuntimeConfig {
  firebase: FirebaseOptions & { projectId: string; databaseURL: string };
  /** Local emulators; absent in production. */
  emulators?: {
    /** e.g. "http://127.0.0.1:9099" */
    auth?: string;
    /**
     * e.g. { host: "127.0.0.1", port: 9000 }; `streamPort`: where the database sends stream
     * requests with a 307, as Firebase does (the end-to-end stack), for the pages' CSP.
     */
    database?: { host: string; port: number; streamPort?: number };
  };
  /** Base URL of the push notification service, e.g. "http://127.0.0.1:5055". */
  notifyUrl?: string;
  /** Public VAPID key for push subscriptions. */
  vapidPublicKey?: string;
  /** IANA zone that defines "today" for every visitor. */
  timezone?: string;
  /** Remote name -> URL of its remoteEntry.js. */
  remotes?: Record<string, string>;
}

export async function loadRuntimeConfig(url = '/config.json', fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchFn(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  const config = (await response.json()) as RuntimeConfig;
  if (!config.firebase?.databaseURL || !config.firebase.projectId) {
    throw new Error(`${url} has no firebase.databaseURL or firebase.projectId`);
  }
  return config;
}
