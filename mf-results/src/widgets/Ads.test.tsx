// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Ads from './Ads.tsx';
import { fakeResultsData, live, renderWithData } from '../testing/fakeResultsData.tsx';

describe('Ads', () => {
  afterEach(cleanup);

  it("lists the admin's ads under a heading that says they are ads", () => {
    const fake = fakeResultsData();
    fake.ads$.next(live({ Morning: { name: 'Gali ad', time: '11:00 AM' }, Evening: { name: 'Disawar ad', time: '' } }));
    renderWithData(<Ads />, fake);
    const block = screen.getByRole('region', { name: 'विज्ञापन (Advertisement)' });
    const items = within(block)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['MorningGali adसमय: 11:00 AM', 'EveningDisawar ad']);
  });

  it('shows nothing while there are no ads, and the ads as soon as the admin adds one', () => {
    const fake = fakeResultsData();
    fake.ads$.next(live({}));
    renderWithData(<Ads />, fake);
    expect(screen.queryByTestId('ads')).toBeNull();
    act(() => fake.ads$.next(live({ Night: { name: 'Sadak ad', time: '08:00 PM' } })));
    expect(screen.getByTestId('ads').textContent).toContain('Sadak ad');
  });
});
