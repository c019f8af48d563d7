import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { AdminDataProvider, type AdminData } from '../hooks/adminData.ts';

// Globals are off in this repo, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Renders a dashboard part at /dashboard with a fake service; '/' shows 'home page' to see Sign Out land. */
export function renderAdmin(ui: ReactElement, data: AdminData): RenderResult {
  return render(
    <AdminDataProvider value={data}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={ui} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </AdminDataProvider>,
  );
}

/** Lets pending service promises settle and React commit, without moving the fake clock. */
export async function settle(): Promise<void> {
  await act(async () => {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Moves the fake clock, committing what the timers change. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
