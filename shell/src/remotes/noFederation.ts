/*
 * Stands in for the federation plugin's virtual runtime in the server bundle: on the server the
 * widgets come from the remotes' server bundles (ServerWidgetsContext), never over federation.
 */
import type { FederationRemoteConfig } from 'virtual:__federation__';

export function __federation_method_setRemote(_name: string, _config: FederationRemoteConfig): void {}

export function __federation_method_getRemote(name: string): Promise<never> {
  return Promise.reject(new Error(`remote ${name} is not loaded on the server`));
}

export function __federation_method_wrapDefault(module: unknown): unknown {
  return module;
}
