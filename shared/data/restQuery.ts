/*
 * A read of the database's REST API as data: a path and its query, and that query on a URL as
 * Firebase takes it. The pages' reads (rest.ts) and the servers' (gameList.ts) write it so; this
 * module loads nothing else, so a server that needs the query does not load the pages' stream.
 */

/** One REST read: a path and the query Firebase's REST API takes for it. */
export interface RestRead {
  path: string;
  /** `$key` or a child's name. */
  orderBy?: string;
  startAt?: string | number;
  endAt?: string | number;
  limitToFirst?: number;
  limitToLast?: number;
  /** Children as `true` (their names only). */
  shallow?: boolean;
}

/** `read`'s query on `url`, as Firebase's REST API takes it (the values JSON-encoded); returns `url`. */
export function withRestQuery(url: URL, read: RestRead): URL {
  if (read.shallow) url.searchParams.set('shallow', 'true');
  if (read.orderBy !== undefined) url.searchParams.set('orderBy', JSON.stringify(read.orderBy));
  if (read.startAt !== undefined) url.searchParams.set('startAt', JSON.stringify(read.startAt));
  if (read.endAt !== undefined) url.searchParams.set('endAt', JSON.stringify(read.endAt));
  if (read.limitToFirst !== undefined) url.searchParams.set('limitToFirst', String(read.limitToFirst));
  if (read.limitToLast !== undefined) url.searchParams.set('limitToLast', String(read.limitToLast));
  return url;
}
