// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { DataProvider, type Live, type MainInfo } from '@satta/shared/data';
import { LOADING } from '@satta/shared/data/live';
import ContactPage from './ContactPage.tsx';

let mainInfo$: BehaviorSubject<Live<MainInfo>>;
beforeEach(() => {
  mainInfo$ = new BehaviorSubject<Live<MainInfo>>(LOADING);
});
afterEach(cleanup);

/** The widget over a fake data service whose stream the test drives. */
const show = () =>
  render(
    <DataProvider value={{ mainInfo$: () => mainInfo$ }}>
      <ContactPage />
    </DataProvider>,
  );

const live = (data: MainInfo): Live<MainInfo> => ({ data, stale: false, error: null });

describe('ContactPage', () => {
  it('shows the mailto link, the first name and the WhatsApp chat link', () => {
    mainInfo$.next(live({ name: 'Sunil Verma', phnnumber: '+91 99999 88888', email: 'help@example.com' }));
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/संपर्क करें/);
    expect(screen.getByText('Sunil')).toBeTruthy();
    expect(screen.queryByText(/Verma/)).toBeNull();
    expect(screen.getByRole('link', { name: 'help@example.com' }).getAttribute('href')).toBe('mailto:help@example.com');
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/919999988888');
  });

  it('says so while loading, then updates live', () => {
    show();
    expect(screen.getByRole('status').textContent).toMatch(/Loading/);
    act(() => mainInfo$.next(live({ name: 'Anil', phnnumber: '9876543210' })));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Anil')).toBeTruthy();
    expect(screen.getByText(/Email not available/)).toBeTruthy();
  });

  it.each([
    ['an empty record', live({})],
    ['a failed read', { data: undefined, stale: true, error: new Error('offline') }],
  ])('explains that the details are missing for %s', (_label, value) => {
    mainInfo$.next(value);
    show();
    expect(screen.getByText(/Contact details are not available yet/)).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
