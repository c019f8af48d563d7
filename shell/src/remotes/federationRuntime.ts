/*
 * The one import of the federation plugin's virtual runtime, so that the rest of the shell (and
 * its unit tests, which run without the plugin) depends on a plain module instead.
 */
export { __federation_method_getRemote as getRemote, __federation_method_setRemote as setRemote } from 'virtual:__federation__';
export type { FederationRemoteConfig } from 'virtual:__federation__';
