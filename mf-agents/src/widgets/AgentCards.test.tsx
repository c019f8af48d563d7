// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { DataProvider, type Live } from '@satta/shared/data';
import { LOADING } from '@satta/shared/data/live';
import { SAMPLE_AGENTS, type Khaiwal } from '@satta/shared/domain/agents';
import AgentCards from './AgentCards.tsx';

let khaiwals$: BehaviorSubject<Live<Khaiwal[]>>;
beforeEach(() => {
  khaiwals$ = new BehaviorSubject<Live<Khaiwal[]>>(LOADING);
});
afterEach(cleanup);

/** The widget over a fake data service whose stream the test drives. */
const show = () =>
  render(
    <DataProvider value={{ khaiwals$: () => khaiwals$ }}>
      <AgentCards />
    </DataProvider>,
  );

const live = (data: Khaiwal[]): Live<Khaiwal[]> => ({ data, stale: false, error: null });
const agent = (id: string, name: string): Khaiwal => ({
  id,
  name,
  phone: '9000000000',
  wa: '919000000000',
  site: 'https://example.org',
  payment: 'UPI',
  customTimings: [],
  customRates: { jodi: '10-----960', haruf: '100-----960' },
});

describe('AgentCards', () => {
  it('shows a loading text until the data arrives', () => {
    show();
    expect(screen.getByRole('status').textContent).toMatch(/Loading/);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('renders one card per agent from the store', () => {
    khaiwals$.next(live([agent('a', 'Alpha'), agent('b', 'Beta')]));
    show();
    expect(screen.getAllByRole('article').map((card) => card.querySelector('h3')?.textContent)).toEqual(['Alpha', 'Beta']);
  });

  it('falls back to the three samples when the store is empty', () => {
    khaiwals$.next(live([]));
    show();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    for (const sample of SAMPLE_AGENTS) expect(screen.getByRole('heading', { name: sample.name })).toBeTruthy();
  });

  it('updates live when an agent is added', () => {
    khaiwals$.next(live([]));
    show();
    act(() => khaiwals$.next(live([agent('new', 'Naya Khaiwal')])));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Naya Khaiwal' })).toBeTruthy();
  });

  it('shows the error message and keeps cards already shown', () => {
    show();
    act(() => khaiwals$.next({ data: undefined, stale: true, error: new Error('permission_denied') }));
    expect(screen.getByRole('alert').textContent).toBe('Error fetching khaiwals data');
    expect(screen.queryByRole('status')).toBeNull();
    act(() => khaiwals$.next({ data: [agent('a', 'Alpha')], stale: false, error: new Error('disconnected') }));
    expect(screen.getByRole('alert').textContent).toBe('Error fetching khaiwals data');
    expect(screen.getByRole('heading', { name: 'Alpha' })).toBeTruthy();
  });
});
