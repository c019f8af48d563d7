import { useCallback, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { useLentNavigator } from '@satta/shared/ui';
import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import { DataProvider } from '@satta/shared/data';
import type { AdminData } from '../hooks/adminData.ts';

/**
 * What a test that rendered a dashboard part leaves is removed when it ends: the DOM (globals are
 * off in this repo, so Testing Library cannot register its own cleanup), the fake clock and the
 * spies. Registered by each render, not once by this module, because test files share a worker
 * and its module cache (vitest.config.ts).
 */
function cleanUpAfterTest(): void {
  onTestFinished(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** Lends the test router to the shared navigation, as the shell lends its own. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useLentNavigator(useCallback((to: string) => void navigate(to), [navigate]));
  return null;
}

/** Renders a dashboard part at /dashboard with a fake service; '/' shows 'home page' and '/signin' 'sign-in page', to see where a button lands. */
export function renderAdmin(ui: ReactElement, data: AdminData): RenderResult {
  cleanUpAfterTest();
  return render(
    <DataProvider value={data}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <NavigatorBridge />
        <Routes>
          <Route path="/dashboard" element={ui} />
          <Route path="/" element={<p>home page</p>} />
          <Route path="/signin" element={<p>sign-in page</p>} />
        </Routes>
      </MemoryRouter>
    </DataProvider>,
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
