import { describe, expect, it } from 'vitest';
import { CHART_BASE, CLIENT_ONLY_PATHS, PATHS, PUBLIC_PATHS } from './routes.ts';

describe('the site addresses', () => {
  it('are the pages of docs/product.md, Routes', () => {
    expect(PATHS).toEqual({
      home: '/',
      chart: '/chart',
      contact: '/contact',
      signIn: '/signin',
      dashboard: '/dashboard',
      luckyNumber: '/lucky-number',
      corrections: '/corrections',
    });
    expect(CHART_BASE).toBe('/chart');
  });

  it('render the public pages on the server and sign-in and the dashboard in the browser only', () => {
    expect(PUBLIC_PATHS).toEqual(['/', '/chart', '/contact', '/lucky-number', '/corrections']);
    expect(CLIENT_ONLY_PATHS).toEqual(['/signin', '/dashboard']);
  });
});
