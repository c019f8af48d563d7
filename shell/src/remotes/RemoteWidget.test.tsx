// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

/** A remote that is down until `up` is set, as the federation runtime would report it. */
const remote = { up: false, fetches: [] as string[] };
vi.mock('./federationRuntime.ts', () => {
  const urls = new Map<string, () => Promise<string>>();
  return {
    setRemote: (name: string, config: { url: () => Promise<string> }) => urls.set(name, config.url),
    getRemote: async (name: string, exposed: string) => {
      remote.fetches.push(await urls.get(name)!());
      if (!remote.up) throw new TypeError('Failed to fetch dynamically imported module');
      // The remote's one module, its widgets by name.
      return exposed === './widgets'
        ? { AgentCards: () => <p>{`${name} AgentCards works`}</p>, ContactPage: () => <p>{`${name} ContactPage works`}</p> }
        : {};
    },
  };
});

const { registerRemotes } = await import('./registry.ts');
const { RemoteWidget } = await import('./RemoteWidget.tsx');

afterEach(cleanup);

describe('RemoteWidget', () => {
  it('shows a bilingual fallback in each widget of a remote that is down, and one retry brings them all back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerRemotes({ 'mf-agents': 'https://agents.example.com/remoteEntry.js', 'mf-results': '/r/remoteEntry.js' });
    render(
      <>
        <RemoteWidget remote="mf-agents" exposed="AgentCards" />
        <RemoteWidget remote="mf-agents" exposed="ContactPage" />
      </>,
    );
    const fallbacks = await screen.findAllByTestId('fallback-mf-agents');
    expect(fallbacks).toHaveLength(2);
    expect(fallbacks[0]?.textContent).toContain('This section could not be loaded.');
    expect(fallbacks[0]?.textContent).toContain('यह हिस्सा अभी लोड नहीं हो सका।');

    remote.up = true;
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: /Retry/ })[0]!);
    });
    // One retry reloads the remote for every widget of it, from a URL the browser has not cached.
    expect(await screen.findByText('mf-agents AgentCards works')).toBeTruthy();
    expect(await screen.findByText('mf-agents ContactPage works')).toBeTruthy();
    expect(screen.queryByTestId('fallback-mf-agents')).toBeNull();
    expect(remote.fetches.at(-1)).toMatch(/remoteEntry\.js\?retry=1$/);
  });
});
