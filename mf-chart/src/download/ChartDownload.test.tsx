// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartDownload } from './ChartDownload.tsx';
import type { ChartTable } from './csv.ts';

const table: ChartTable = { title: 'Gali - Yearly Chart 2025', columns: ['Date', 'January'], rows: [{ label: '1', cells: ['07'] }] };

describe('ChartDownload', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('renders on the server as three labelled buttons, inert until the data is there', () => {
    const html = renderToString(<ChartDownload table={null} fileBase="gali-2025-chart" path="/chart/gali/2025" timezone="Asia/Kolkata" />);
    expect(html).toContain('CSV डाउनलोड करें');
    expect(html).toContain('PNG डाउनलोड करें');
    expect(html).toContain('शेयर करें');
    expect(html.match(/disabled=""/g)).toHaveLength(3);
  });

  it('has accessible names with the English echo; enabled once the chart has data', () => {
    render(<ChartDownload table={table} fileBase="gali-2025-chart" path="/chart/gali/2025" timezone="Asia/Kolkata" />);
    expect(screen.getByRole('group', { name: 'चार्ट डाउनलोड या शेयर करें (Download or share the chart)' })).toBeTruthy();
    for (const name of ['CSV डाउनलोड करें (Download CSV)', 'PNG डाउनलोड करें (Download image)', 'शेयर करें (Share)']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    }
  });

  it('saves the CSV under the chart file name', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:x';
    });
    URL.revokeObjectURL = vi.fn();
    let saved = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.download;
    });
    render(<ChartDownload table={table} fileBase="gali-2025-chart" path="/chart/gali/2025" timezone="Asia/Kolkata" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Download CSV/ })));
    expect(saved).toBe('gali-2025-chart.csv');
    // The bytes start with UTF-8's byte order mark (Blob.text() would drop it while decoding).
    const bytes = new Uint8Array(await (created[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFDate,January\r\n1,07\r\n');
  });

  it('copies the link where the browser has no share sheet, and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(<ChartDownload table={table} fileBase="gali-2025-chart" path="/chart/gali/2025" timezone="Asia/Kolkata" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Share/ })));
    expect(writeText).toHaveBeenCalledWith(new URL('/chart/gali/2025', window.location.href).href);
    expect(screen.getByRole('status').textContent).toBe('लिंक कॉपी हो गया (Link copied)');
  });

  it('shows the copied message in a status region of the share group, empty until there is one', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => undefined) } });
    render(<ChartDownload table={table} fileBase="gali-2025-chart" path="/chart/gali/2025" timezone="Asia/Kolkata" />);
    const group = screen.getByRole('group', { name: 'चार्ट डाउनलोड या शेयर करें (Download or share the chart)' });
    // The live region is there before anything is said, so screen readers announce what comes.
    const status = screen.getByRole('status');
    expect(group.contains(status)).toBe(true);
    expect(status.textContent).toBe('');
    expect(screen.queryByTestId('chart-download-status')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Share/ })));
    expect(screen.getByRole('status')).toBe(status);
    const toast = screen.getByTestId('chart-download-status');
    expect(status.contains(toast)).toBe(true);
    expect(toast.textContent).toBe('लिंक कॉपी हो गया (Link copied)');
  });

  it('takes the message away after 5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn(async () => undefined) } });
      render(<ChartDownload table={table} fileBase="gali-2025-chart" path="/chart/gali/2025" timezone="Asia/Kolkata" />);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Share/ })));
      expect(screen.getByRole('status').textContent).toBe('लिंक कॉपी हो गया (Link copied)');
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(screen.getByRole('status').textContent).toBe('');
      expect(screen.queryByTestId('chart-download-status')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
