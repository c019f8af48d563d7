/**
 * The runtime of @originjs/vite-plugin-federation as the host sees it. The plugin ships no
 * types for this virtual module; these match the code it generates (version 1.4.1).
 */
declare module 'virtual:__federation__' {
  export interface FederationRemoteConfig {
    /** URL of remoteEntry.js, or a function resolving to it. */
    url: string | (() => Promise<string>);
    format: 'esm' | 'systemjs' | 'var';
    from: 'vite' | 'webpack';
  }
  /** Registers (or replaces) a remote; a replaced remote is fetched and initialised afresh. */
  export function __federation_method_setRemote(name: string, config: FederationRemoteConfig): void;
  /** Loads remoteEntry.js once, initialises its share scope, and returns an exposed module. */
  export function __federation_method_getRemote(name: string, exposed: string): Promise<unknown>;
  export function __federation_method_unwrapDefault(module: unknown): unknown;
  export function __federation_method_wrapDefault(module: unknown, need: boolean): unknown;
  export function __federation_method_ensure(name: string): Promise<unknown>;
}
