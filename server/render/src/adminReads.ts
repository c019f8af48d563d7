import type { DataSnapshot, Database, Query } from 'firebase-admin/database';
import type { PublicRead } from '@satta/shared/data/publicReads';
import type { RestRead } from '@satta/shared/data/rest';

/*
 * The render service's adapter of the public reads (shared/data/publicReads.ts): the same table
 * the browser reads through the REST API, followed here with firebase-admin listeners. What a
 * read asks for and how its nodes are read is written once, in the table.
 */

/** A read of the table as a firebase-admin query. (`shallow` has no listener form: it reads the whole node.) */
export function adminQuery(db: Database, read: RestRead): Query {
  let query: Query = db.ref(read.path);
  if (read.orderBy === '$key') query = query.orderByKey();
  else if (read.orderBy !== undefined) query = query.orderByChild(read.orderBy);
  if (read.startAt !== undefined) query = query.startAt(read.startAt);
  if (read.endAt !== undefined) query = query.endAt(read.endAt);
  if (read.limitToFirst !== undefined) query = query.limitToFirst(read.limitToFirst);
  if (read.limitToLast !== undefined) query = query.limitToLast(read.limitToLast);
  return query;
}

/**
 * Follows every read of `entry` and calls `apply` with the entry's reader over their nodes, once
 * all have answered and after every change. Returns the function that stops the listeners.
 */
export function followRead<T>(db: Database, entry: PublicRead<T>, apply: (value: T) => void): () => void {
  const nodes: unknown[] = entry.reads.map(() => undefined);
  const answered = entry.reads.map(() => false);
  const stops = entry.reads.map((read, i) => {
    const query = adminQuery(db, read);
    const callback = (snapshot: DataSnapshot) => {
      nodes[i] = snapshot.val();
      answered[i] = true;
      if (answered.every(Boolean)) apply(entry.read(nodes));
    };
    query.on('value', callback, (error: Error) => console.error(`render: listener ${query.toString()} failed`, error));
    return () => query.off('value', callback);
  });
  if (entry.reads.length === 0) apply(entry.read([]));
  return () => {
    for (const stop of stops) stop();
  };
}
