// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPLASH_MS } from '@satta/shared/domain/constants';
import { SPLASH_SEEN_KEY, splashShowing } from './splashState.ts';
import { SITE_NAME_EN, SITE_NAME_HI, SPLASH_LABEL } from '../strings.ts';
import INDEX from '../../index.html?raw';

// The splash as index.html draws it: its template and the script after it, run in a page.
const TEMPLATE = /<template id="satta-splash-template"[\s\S]*?<\/template\s*>/.exec(INDEX)?.[0] ?? '';
const SCRIPT = /<\/template\s*>\s*<script>([\s\S]*?)<\/script>/.exec(INDEX)?.[1] ?? '';

function openPage(): void {
  document.documentElement.className = '';
  document.body.innerHTML = `${TEMPLATE}<div id="root"><nav data-testid="nav">Home</nav></div>`;
  new Function(SCRIPT)();
}

function splash(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-testid="splash"]');
}

describe("index.html's splash (and font class)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('the 2 s of the specification', () => {
    expect(SPLASH_MS).toBe(2000);
    expect(SCRIPT).toContain(`start + ${SPLASH_MS} - performance.now()`);
    expect(SCRIPT).toContain(`'${SPLASH_SEEN_KEY}'`);
  });

  // The browser's first paint, when the test says so: it comes once the page has been parsed.
  let reportPaint: ((startTime: number) => void) | undefined;
  function firstPaint(startTime: number): void {
    reportPaint?.(startTime);
  }
  beforeEach(() => {
    reportPaint = undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        constructor(private readonly callback: (list: { getEntries(): { startTime: number }[] }, observer: unknown) => void) {}
        observe() {
          reportPaint = (startTime) => this.callback({ getEntries: () => [{ startTime }] }, this);
        }
        disconnect() {
          reportPaint = undefined;
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('greets the first page view of a session with the site name and a coin, over the page, for 2 s from the first paint', () => {
    openPage();
    const shown = splash();
    expect(shown?.getAttribute('role')).toBe('status');
    expect(shown?.getAttribute('aria-label')).toBe(SPLASH_LABEL);
    expect(shown?.textContent).toContain(SITE_NAME_HI);
    expect(shown?.querySelector('[lang="en"]')?.textContent).toBe(SITE_NAME_EN);
    expect(shown?.querySelector('[aria-hidden="true"]')?.textContent).toBe('₹');
    expect(document.querySelector('[data-testid="nav"]')).not.toBeNull();
    expect(document.documentElement.classList.contains('satta-splash')).toBe(true);
    expect(sessionStorage.getItem(SPLASH_SEEN_KEY)).toBe('1');
    expect(splashShowing()).toBe(true);

    // The page is painted once parsed (the render service's rel="expect"), here 1.5 s after the
    // script ran, and reported a little later: the 2 s count from the paint.
    vi.advanceTimersByTime(3000);
    expect(splash()).not.toBeNull();
    firstPaint(performance.now() - 1500);
    vi.advanceTimersByTime(499);
    expect(splash()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(splash()).toBeNull();
    expect(document.documentElement.classList.contains('satta-splash')).toBe(false);
    expect(splashShowing()).toBe(false);
  });

  it('names the Devanagari face from the first paint once this browser has it, and not before', () => {
    openPage();
    expect(document.documentElement.classList.contains('satta-font')).toBe(false);
    localStorage.setItem('satta.font', '1');
    openPage();
    expect(document.documentElement.classList.contains('satta-font')).toBe(true);
    localStorage.clear();
  });

  it('stays in a tab that has not painted yet (in the background), then shows 2 s', () => {
    openPage();
    vi.advanceTimersByTime(60_000);
    expect(splash()).not.toBeNull();
    firstPaint(performance.now());
    vi.advanceTimersByTime(1999);
    expect(splash()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(splash()).toBeNull();
  });

  it('goes 2 s after it was put in where the browser has no paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    openPage();
    vi.advanceTimersByTime(1999);
    expect(splash()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(splash()).toBeNull();
  });

  it('does not come back on a later page view of the same session (the reload button)', () => {
    openPage();
    firstPaint(performance.now());
    vi.advanceTimersByTime(2000);
    openPage();
    expect(splash()).toBeNull();
    expect(document.documentElement.classList.contains('satta-splash')).toBe(false);
    expect(splashShowing()).toBe(false);
  });

  it('shows on every view where the browser refuses storage, and still goes after 2 s', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    openPage();
    expect(splash()).not.toBeNull();
    firstPaint(performance.now());
    vi.advanceTimersByTime(2000);
    expect(splash()).toBeNull();
    openPage();
    expect(splash()).not.toBeNull();
  });
});
