// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FederationRemoteConfig } from './federationRuntime.ts';

/** The plugin's runtime, replaced by a recorder: the registry's job is what it hands over. */
const registered = new Map<string, FederationRemoteConfig>();
vi.mock('./federationRuntime.ts', () => ({
  setRemote: (name: string, config: FederationRemoteConfig) => registered.set(name, config),
  // A remote's one exposed module, './widgets', holds its widgets by name.
  getRemote: async (name: string, exposed: string) => (exposed === './widgets' ? { ChartPage: () => `${name} chart` } : {}),
}));

const registry = await import('./registry.ts');

async function urlOf(name: string): Promise<string> {
  const url = registered.get(name)?.url;
  return typeof url === 'function' ? url() : String(url);
}

describe('remote registry', () => {
  beforeEach(() => registered.clear());

  it('registers every remote from the runtime manifest as an ESM Vite remote, resolved against the page', async () => {
    registry.registerRemotes({
      'mf-results': '/remotes/mf-results/remoteEntry.js',
      'mf-chart': 'https://chart.example.com/remotes/mf-chart/remoteEntry.js',
    });
    expect([...registered.keys()].sort()).toEqual(['mf-admin', 'mf-agents', 'mf-chart', 'mf-fun', 'mf-results']);
    expect(registered.get('mf-results')).toMatchObject({ format: 'esm', from: 'vite' });
    expect(await urlOf('mf-results')).toBe(new URL('/remotes/mf-results/remoteEntry.js', document.baseURI).href);
    expect(await urlOf('mf-chart')).toBe('https://chart.example.com/remotes/mf-chart/remoteEntry.js');
  });

  it('a remote missing from the manifest fails when used, not at start', async () => {
    registry.registerRemotes({});
    await expect(urlOf('mf-fun')).rejects.toThrow(/No URL for remote mf-fun/);
  });

  it('retry re-registers one remote under a fresh URL and tells its widgets', async () => {
    registry.registerRemotes({ 'mf-agents': 'https://agents.example.com/remoteEntry.js?v=3' });
    const listener = vi.fn();
    const stop = registry.onRemoteRetry(listener);
    const before = registry.remoteAttempt('mf-agents');
    registry.retryRemote('mf-agents');
    registry.retryRemote('mf-agents');
    stop();
    registry.retryRemote('mf-agents');
    expect(registry.remoteAttempt('mf-agents')).toBe(before + 3);
    expect(listener).toHaveBeenCalledTimes(2);
    const url = new URL(await urlOf('mf-agents'));
    expect(url.searchParams.get('retry')).toBe(String(before + 3));
    expect(url.searchParams.get('v')).toBe('3');
  });

  it("loads an exposed component from the remote's widgets module, in the shape React.lazy expects", async () => {
    const module = await registry.loadExposed('mf-chart', 'ChartPage');
    expect((module.default as () => string)()).toBe('mf-chart chart');
  });

  it('names a widget the remote does not hold', async () => {
    await expect(registry.loadExposed('mf-fun', 'SlotMachine')).rejects.toThrow(
      'mf-fun/SlotMachine is not among the widgets the remote exposes',
    );
  });
});
