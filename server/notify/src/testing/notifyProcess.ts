import { join } from 'node:path';
import { ROOT, PROJECT_ID, NAMESPACE } from '../../../../scripts/stack.ts';
import { startProcess } from '../../../../scripts/processes.ts';

export interface NotifyProcess {
  url: string;
  vapidPublicKey: string;
  /** The process id (a bench reads its memory and CPU time from /proc). */
  pid: number;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves once the output matches `pattern` (counting from the start). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A notify service of the test's own, on 127.0.0.1 and a free port, against the stack's Auth
 * emulator and database: a test can restart it and give it its own settings.
 */
export async function startNotifyProcess(options: {
  auth: string;
  database: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<NotifyProcess> {
  const { managed, match } = await startProcess(
    'notify-under-test',
    process.execPath,
    [
      ...(process.env['STACK_CPU_PROF'] ? ['--cpu-prof', '--cpu-prof-dir', process.env['STACK_CPU_PROF']] : []),
      '--import',
      'tsx',
      join(ROOT, 'server/notify/src/main.ts'),
      '--port',
      '0',
      '--host',
      '127.0.0.1',
    ],
    {
      ready: /notify: VAPID public key ([A-Za-z0-9_-]+)[\s\S]*?notify: listening on (http:\/\/127\.0\.0\.1:\d+)/,
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: new URL(options.auth).host,
        FIREBASE_DATABASE_EMULATOR_HOST: new URL(options.database).host,
        GCLOUD_PROJECT: PROJECT_ID,
        NOTIFY_DATABASE_NAMESPACE: NAMESPACE,
        NOTIFY_DATA_DIR: options.dataDir,
        ...options.env,
      },
    },
  );
  let output = match.input ?? '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of [...listeners]) listener();
  };
  managed.child.stdout?.on('data', collect);
  managed.child.stderr?.on('data', collect);
  return {
    url: match[2] ?? '',
    pid: managed.child.pid ?? 0,
    vapidPublicKey: match[1] ?? '',
    output: () => output,
    waitForOutput(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`notify never printed ${pattern} in ${timeoutMs} ms:\n${output}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    stop: () => managed.stop(),
  };
}
