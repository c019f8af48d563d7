// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Corrections from './Corrections.tsx';
import { fakeResultsData, live, renderWithData } from '../testing/fakeResultsData.tsx';

describe('Corrections', () => {
  afterEach(cleanup);

  it('lists each correction newest first with the earlier number and both times, in IST', () => {
    const fake = fakeResultsData();
    renderWithData(<Corrections />, fake);
    expect(screen.getByText('Loading...')).toBeTruthy();
    act(() =>
      fake.corrections$.next(
        live([
          // 2026-11-21 11:32 PM and 11:40 PM IST.
          {
            id: 'b',
            game: 'Gali',
            date: '2026-11-21',
            from: '41',
            to: '42',
            publishedAt: Date.UTC(2026, 10, 21, 18, 2),
            correctedAt: Date.UTC(2026, 10, 21, 18, 10),
          },
          // Published before times were kept; corrected 2026-11-02 09:05 AM IST.
          { id: 'a', game: 'Disawar', date: '2026-10-30', from: '05', to: '50', correctedAt: Date.UTC(2026, 10, 2, 3, 35) },
        ]),
      ),
    );
    expect(screen.getByRole('heading').textContent).toBe('संशोधित रिज़ल्ट (पिछले 90 दिन)');
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['गेम', 'तारीख', 'पहले → अब', 'प्रकाशित', 'संशोधित'],
      ['Gali', '21-11-2026', '41 → 42', '21-11-2026 11:32 PM IST', '21-11-2026 11:40 PM IST'],
      ['Disawar', '30-10-2026', '05 → 50', '--', '02-11-2026 09:05 AM IST'],
    ]);
  });

  it('says so when nothing was corrected', () => {
    const fake = fakeResultsData();
    fake.corrections$.next(live([]));
    renderWithData(<Corrections />, fake);
    expect(screen.getByTestId('corrections-empty').textContent).toBe('पिछले 90 दिनों में कोई रिज़ल्ट संशोधित नहीं हुआ।');
    expect(screen.queryByRole('table')).toBeNull();
  });

  describe('on a screen narrower than the table', () => {
    const CORRECTION = { id: 'b', game: 'Gali', date: '2026-11-21', from: '41', to: '42', correctedAt: Date.UTC(2026, 10, 21, 18, 10) };

    /** The scroll box as wide as given, with a table `inner` px wide inside it. */
    function sizes(outer: number, inner: number) {
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
        return this.getAttribute('role') === 'region' ? outer : 0;
      });
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
        return this.getAttribute('role') === 'region' ? inner : 0;
      });
    }
    afterEach(() => vi.restoreAllMocks());

    it('says that the table scrolls and shades its right edge until scrolled to the end', () => {
      sizes(318, 687);
      const fake = fakeResultsData();
      fake.corrections$.next(live([CORRECTION]));
      renderWithData(<Corrections />, fake);
      const region = screen.getByRole('region', { name: 'संशोधित रिज़ल्ट की तालिका' });
      // Reached and scrolled by keyboard.
      expect(region.tabIndex).toBe(0);
      const hint = screen.getByTestId('corrections-scroll-hint');
      expect(hint.textContent).toBe('बाकी कॉलम देखने के लिए दाएँ स्क्रॉल करें (scroll) →');
      expect(hint.dataset.scrolls).toBe('true');
      expect(region.getAttribute('aria-describedby')).toBe(hint.id);
      const edge = region.parentElement as HTMLElement;
      expect(edge.dataset.moreRight).toBe('true');

      act(() => {
        region.scrollLeft = 687 - 318;
        fireEvent.scroll(region);
      });
      expect(edge.dataset.moreRight).toBe('false');
      expect(hint.dataset.scrolls).toBe('true');
    });

    it('keeps the hint out of sight (its line kept) where the table fits', () => {
      sizes(910, 910);
      const fake = fakeResultsData();
      fake.corrections$.next(live([CORRECTION]));
      renderWithData(<Corrections />, fake);
      const region = screen.getByRole('region', { name: 'संशोधित रिज़ल्ट की तालिका' });
      const hint = screen.getByTestId('corrections-scroll-hint');
      expect(hint.dataset.scrolls).toBe('false');
      expect(region.hasAttribute('aria-describedby')).toBe(false);
      expect((region.parentElement as HTMLElement).dataset.moreRight).toBe('false');
    });
  });
});
