// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouteLink, announceLocation, navigateTo, setNavigator, useCurrentPath } from './navigation.tsx';

afterEach(() => {
  cleanup();
  setNavigator(null);
});

/** Clicks, and tells whether the link itself kept the browser from following it. */
function clickKeptFromBrowser(link: HTMLElement, init?: MouseEventInit): boolean {
  let prevented = false;
  // Registered on the document, so it runs after React's handler on the root.
  const listener = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault(); // jsdom cannot follow links
  };
  document.addEventListener('click', listener);
  fireEvent.click(link, init);
  document.removeEventListener('click', listener);
  return prevented;
}

describe('RouteLink', () => {
  it("navigates in place through the shell's router on a plain click", () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    render(<RouteLink to="/chart">पूरा चार्ट</RouteLink>);
    const link = screen.getByRole('link', { name: 'पूरा चार्ट' });
    expect(link.getAttribute('href')).toBe('/chart');
    expect(clickKeptFromBrowser(link)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/chart');
  });

  it('leaves a ctrl-click or middle click to the browser (new tab)', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    render(<RouteLink to="/chart">Chart</RouteLink>);
    const link = screen.getByRole('link', { name: 'Chart' });
    expect(clickKeptFromBrowser(link, { ctrlKey: true })).toBe(false);
    expect(clickKeptFromBrowser(link, { button: 1 })).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is a plain link when no router was lent', () => {
    render(<RouteLink to="/contact">Contact</RouteLink>);
    const link = screen.getByRole('link', { name: 'Contact' });
    expect(clickKeptFromBrowser(link)).toBe(false);
    expect(link.getAttribute('href')).toBe('/contact');
  });
});

describe('useCurrentPath', () => {
  function Path() {
    return <p>{useCurrentPath()}</p>;
  }

  it("follows the shell's navigations and the browser's Back", async () => {
    window.history.replaceState(null, '', '/chart');
    setNavigator((to, options) => {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      announceLocation();
    });
    render(<Path />);
    expect(screen.getByText('/chart')).toBeTruthy();
    act(() => navigateTo('/chart/gali/2026'));
    expect(screen.getByText('/chart/gali/2026')).toBeTruthy();
    act(() => navigateTo('/chart/gali/2025', { replace: true }));
    expect(screen.getByText('/chart/gali/2025')).toBeTruthy();
    await act(async () => {
      const back = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await back;
    });
    expect(screen.getByText('/chart')).toBeTruthy();
  });
});
