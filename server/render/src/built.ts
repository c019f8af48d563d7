/** Defined as `true` by the production build (scripts/build-servers.ts); absent when tsx runs the source. */
declare const RENDER_BUILT: boolean | undefined;

/**
 * Whether this is the built service (`server/render/dist/server.mjs`, every module of the
 * workspace in that one folder) rather than the source run by tsx. Files the service keeps
 * beside its code (its loader hooks, downloaded bundles) are found relative to that folder.
 */
export const BUILT = typeof RENDER_BUILT === 'boolean' && RENDER_BUILT;
