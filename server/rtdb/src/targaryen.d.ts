// targaryen 3.1 ships no type declarations; this covers the part of its API the server uses.
declare module 'targaryen' {
  export interface TargaryenAuth {
    uid: string;
    provider?: string;
    token?: Record<string, unknown>;
  }

  /** targaryen's immutable data node; opaque to us except for being passed back in. */
  export interface TargaryenDataNode {
    $set(path: string, value: unknown, priority: unknown, now: number): TargaryenDataNode;
    $merge(path: string, patch: Record<string, unknown>, now: number): TargaryenDataNode;
  }

  export interface TargaryenResult {
    allowed: boolean;
    info: string;
    newDatabase?: TargaryenDatabase;
  }

  export interface TargaryenQuery {
    orderByKey?: boolean;
    orderByValue?: boolean;
    orderByPriority?: boolean;
    orderByChild?: string;
    startAt?: string | number | boolean | null;
    endAt?: string | number | boolean | null;
    equalTo?: string | number | boolean | null;
    limitToFirst?: number;
    limitToLast?: number;
  }

  export interface TargaryenDatabase {
    readonly root: TargaryenDataNode;
    with(options: { debug?: boolean; auth?: TargaryenAuth | null; now?: number; data?: unknown }): TargaryenDatabase;
    as(auth: TargaryenAuth | null): TargaryenDatabase;
    read(path: string, options?: { now?: number; query?: TargaryenQuery }): TargaryenResult;
    write(path: string, value: unknown, options?: { now?: number; priority?: string | number | null }): TargaryenResult;
    update(path: string, patch: Record<string, unknown>, options?: { now?: number }): TargaryenResult;
  }

  export function database(rules: object, data?: unknown, now?: number | null): TargaryenDatabase;

  const targaryen: { database: typeof database };
  export default targaryen;
}
