// targaryen 3.1 ships no type declarations; this covers the part of its API the rules tests use.
declare module 'targaryen' {
  export interface TargaryenAuth {
    uid: string;
    provider?: string;
    token?: Record<string, unknown>;
  }

  export interface TargaryenResult {
    path: string;
    auth: TargaryenAuth | null;
    type: 'read' | 'write' | 'patch';
    allowed: boolean;
    info: string;
    newValue?: unknown;
    newDatabase?: TargaryenDatabase;
  }

  export interface TargaryenDatabase {
    with(options: { debug?: boolean; auth?: TargaryenAuth | null; now?: number; data?: unknown }): TargaryenDatabase;
    as(auth: TargaryenAuth | null): TargaryenDatabase;
    read(path: string, options?: number | { now?: number; query?: Record<string, unknown> }): TargaryenResult;
    write(path: string, value: unknown, options?: { now?: number; priority?: string | number | null }): TargaryenResult;
    update(path: string, patch: Record<string, unknown>, options?: number | { now?: number }): TargaryenResult;
  }

  export function database(rules: object, data?: unknown, now?: number | null): TargaryenDatabase;

  const targaryen: { database: typeof database };
  export default targaryen;
}
