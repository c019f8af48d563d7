import type { ComponentType } from 'react';
import { REMOTE_NAMES as MANIFEST_REMOTE_NAMES } from '@satta/shared/domain/remotes';
import { getRemote, setRemote } from './federationRuntime.ts';

export type RemoteName = keyof SattaRemoteModules;
export type ExposedName<R extends RemoteName> = keyof SattaRemoteModules[R] & string;

/** The remotes of the manifest (shared/domain/remotes.ts); one missing from ../remotes.d.ts is a type error here. */
export const REMOTE_NAMES: readonly RemoteName[] = MANIFEST_REMOTE_NAMES;

/**
 * Where each remote lives, from the runtime manifest (`remotes` of /config.json). Nothing about
 * remotes is baked into the shell's build, so a remote can move or roll back on its own.
 */
const entries = new Map<RemoteName, string>();
/** Bumped by a retry; part of the remote's URL so the browser fetches remoteEntry.js afresh. */
const attempts = new Map<RemoteName, number>();
const listeners = new Set<() => void>();

function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

function register(name: RemoteName): void {
  const base = entries.get(name);
  const attempt = attempts.get(name) ?? 0;
  setRemote(name, {
    // Resolved only when a widget of this remote first renders: nothing is fetched up front.
    url: () => {
      if (!base) return Promise.reject(new Error(`No URL for remote ${name} in /config.json "remotes"`));
      const url = new URL(base, document.baseURI);
      if (attempt > 0) url.searchParams.set('retry', String(attempt));
      return Promise.resolve(url.href);
    },
    format: 'esm',
    from: 'vite',
  });
}

/** Registers every remote of the runtime manifest; unknown names are reported, not fatal. */
export function registerRemotes(manifest: Record<string, string> | undefined): void {
  for (const [name, url] of Object.entries(manifest ?? {})) {
    if (!isRemoteName(name)) {
      console.warn(`remotes: ignoring unknown remote "${name}" in the manifest`);
      continue;
    }
    entries.set(name, url);
  }
  for (const name of REMOTE_NAMES) {
    if (!entries.has(name)) console.warn(`remotes: no URL for ${name}; its widgets will show their fallback`);
    register(name);
  }
}

/**
 * Forgets a remote that failed and registers it again under a cache-busting URL, so the next
 * load really goes back to the network instead of reusing the failed module record. Every
 * widget of that remote re-renders (they watch `remoteAttempt`).
 */
export function retryRemote(name: RemoteName): void {
  attempts.set(name, (attempts.get(name) ?? 0) + 1);
  register(name);
  for (const listener of listeners) listener();
}

export function remoteAttempt(name: RemoteName): number {
  return attempts.get(name) ?? 0;
}

export function onRemoteRetry(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads one exposed component, in the `{ default }` shape React.lazy expects. A remote exposes
 * one module with all its widgets by name (`./widgets`): the first widget of a remote fetches it,
 * the others take theirs from the same module.
 */
export async function loadExposed<R extends RemoteName>(remote: R, exposed: ExposedName<R>): Promise<{ default: ComponentType }> {
  const widgets = (await getRemote(remote, './widgets')) as Record<string, unknown>;
  const widget = widgets[exposed];
  if (typeof widget !== 'function' && typeof widget !== 'object') {
    throw new Error(`${remote}/${exposed} is not among the widgets the remote exposes`);
  }
  return { default: widget as ComponentType };
}
