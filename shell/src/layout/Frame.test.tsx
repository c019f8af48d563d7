// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '../router/router.tsx';
import { Frame, lowerCaseAddress } from './Frame.tsx';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

function renderFrame(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Frame />}>
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const navLinks = () => within(screen.getByTestId('nav')).getAllByRole('link');
const current = () =>
  within(screen.getByTestId('nav'))
    .queryAllByRole('link', { current: 'page' })
    .map((a) => a.textContent);

describe('the page frame', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("says 'Sign In' to a visitor and 'Dashboard' to a signed-in admin", () => {
    renderFrame('/');
    expect(navLinks().map((a) => a.textContent)).toEqual(['Home', 'Chart', 'Contact', 'Sign In']);
    cleanup();

    localStorage.setItem('firebase:authUser:demo-key:[DEFAULT]', '{"uid":"admin"}');
    renderFrame('/');
    expect(navLinks().map((a) => a.textContent)).toEqual(['Home', 'Chart', 'Contact', 'Dashboard']);
    expect(navLinks()[3]?.getAttribute('href')).toBe('/dashboard');
  });

  it.each([
    ['/CHART', 'Chart'],
    ['/Chart/gali/2026', 'Chart'],
    ['/Contact/', 'Contact'],
    ['/dashboard', 'Sign In'],
  ])('highlights the item of %s: %s', (path, item) => {
    renderFrame(path);
    expect(current()).toEqual([item]);
  });

  it('takes /CHART to /chart, and leaves the rest of the address to the page', () => {
    renderFrame('/CHART');
    expect(screen.getByTestId('where').textContent).toBe('/chart');
    expect(current()).toEqual(['Chart']);
    expect(lowerCaseAddress('/Chart/Gali/2026')).toBe('/chart/Gali/2026');
    expect(lowerCaseAddress('/chart/Gali')).toBeNull();
    expect(lowerCaseAddress('/NOPE')).toBeNull();
  });

  it('links the lucky-number page from the header, above the page', () => {
    renderFrame('/');
    const header = screen.getByRole('banner');
    const link = within(header).getByRole('link', { name: 'लकी नंबर (Lucky Number)' });
    expect(link.getAttribute('href')).toBe('/lucky-number');
  });

  it('has the reload button in the header on public pages, not on sign-in or the dashboard', () => {
    renderFrame('/');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'पेज रीलोड करें (Reload page)' })).toBeTruthy();
    cleanup();
    renderFrame('/signin');
    expect(screen.queryByRole('button', { name: 'पेज रीलोड करें (Reload page)' })).toBeNull();
  });
});
