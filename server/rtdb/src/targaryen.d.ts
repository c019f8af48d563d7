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
    $isPrimitive(): boolean;
    $isNull(): boolean;
    $priority(): string | number | undefined;
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

  /** A parsed rule expression; `evaluate` throws what reading its state throws. */
  export interface TargaryenRule {
    evaluate(state: object): unknown;
  }

  /**
   * One node of the parsed rules (targaryen's RulesetNode); its literal children are its own enumerable
   * properties, beside `$wildchild`.
   */
  export interface TargaryenRulesetNode {
    readonly $name?: string;
    readonly $write: TargaryenRule | null;
    readonly $validate: TargaryenRule | null;
    readonly $wildchild: TargaryenRulesetNode | null;
    /** Calls `cb` for the root, then for each key of `path` that has rules (the `$wildchild` values bound so far); stops when `cb` returns true. */
    $traverse(path: string, cb: (path: string, rules: TargaryenRulesetNode, wildchildren: Record<string, string>) => boolean): void;
  }

  /** A snapshot of the data as rules see it (`data`, `root`); opaque here. */
  export interface TargaryenSnapshot {
    exists(): boolean;
  }

  export interface TargaryenDatabase {
    readonly root: TargaryenDataNode;
    readonly rules: { readonly root: TargaryenRulesetNode };
    readonly auth: TargaryenAuth | null;
    snapshot(path: string): TargaryenSnapshot;
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
