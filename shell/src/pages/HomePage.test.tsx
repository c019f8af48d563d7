// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from '../router/router.tsx';

// Widgets stay loading: this test is about their order on the page.
vi.mock('../remotes/federationRuntime.ts', () => ({
  setRemote: () => undefined,
  getRemote: () => new Promise(() => undefined),
  wrapDefault: (module: unknown) => module,
}));

const { HomePage } = await import('./HomePage.tsx');

describe('HomePage', () => {
  afterEach(cleanup);

  it('puts the current and next game first, then the table, and the agents last', () => {
    const { container } = render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    const order = [...container.querySelectorAll('[data-widget]')].map((el) => el.getAttribute('data-widget'));
    expect(order).toEqual([
      'mf-results/CurrentGame',
      'mf-results/NextGame',
      'mf-results/ResultTable',
      'mf-results/Banner',
      'mf-results/Clock',
      'mf-results/MonthlyTable',
      'mf-results/Ads',
      'mf-agents/AgentCards',
      'mf-results/OfflineIndicator',
    ]);
  });
});
