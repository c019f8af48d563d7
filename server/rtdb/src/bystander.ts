/** Test support: what an innocent visitor sees while or after someone attacks the server. */
import { request } from 'node:http';
import { deleteApp } from 'firebase/app';
import { get, ref } from 'firebase/database';
import { sdkClient } from './test-support.ts';

/** Rejects with `what` when `promise` has not settled within `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A new SDK client connects and reads `path`; its value, or a rejection after `ms`. */
export async function bystanderRead(port: number, ns: string, path: string, ms = 5000): Promise<unknown> {
  const client = sdkClient(port, ns);
  try {
    const snap = await within(get(ref(client.db, path)), ms, `bystander read of ${path}`);
    return snap.val() as unknown;
  } finally {
    await deleteApp(client.app);
  }
}

/**
 * Sets `value` at `path` over REST as the owner (firebase-admin's credential), on a connection of its
 * own that closes after the answer, so that it holds no connection slot afterwards.
 */
export function adminPut(baseUrl: string, ns: string, path: string, value: unknown, ms = 5000): Promise<void> {
  const body = JSON.stringify(value);
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/${path}.json?ns=${ns}&auth=owner`, { method: 'PUT', agent: false, timeout: ms }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`admin write of ${path} failed: HTTP ${res.statusCode}`)),
      );
    });
    req.on('timeout', () => req.destroy(new Error(`admin write of ${path}: no answer within ${ms} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
