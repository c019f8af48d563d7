/** Raised when a backend (the database, Auth) did not answer within its bound. */
export class BackendTimeoutError extends Error {
  constructor(
    readonly backend: 'database' | 'auth',
    ms: number,
  ) {
    super(`the ${backend === 'auth' ? 'Auth service' : 'database'} did not answer within ${ms} ms`);
    this.name = 'BackendTimeoutError';
  }
}

/**
 * `work`, or a BackendTimeoutError after `ms`. firebase-admin waits for a connection forever
 * (a get() or transaction while the database is unreachable never settles), so every call on a
 * request's path goes through this. The work itself is not cancelled; its late result is dropped.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, backend: 'database' | 'auth'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new BackendTimeoutError(backend, ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
