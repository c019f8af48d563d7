// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import Banner from './Banner.tsx';
import { fakeResultsData, live, renderWithData } from '../testing/fakeResultsData.tsx';

describe('Banner', () => {
  afterEach(cleanup);

  it('shows the banner text, the channel link and the contact number from main info', () => {
    const fake = fakeResultsData();
    fake.info$.next(live({ name: 'Site', phnnumber: '+91 90000 00001', banner: 'सबसे तेज़ रिज़ल्ट यहीं', channel: 'https://t.me/example' }));
    renderWithData(<Banner />, fake);
    expect(screen.getByText('सबसे तेज़ रिज़ल्ट यहीं')).toBeTruthy();
    const join = screen.getByRole('link', { name: /चैनल/ });
    expect(join.getAttribute('href')).toBe('https://t.me/example');
    expect(join.getAttribute('rel')).toContain('noopener');
    const phone = screen.getByRole('link', { name: '+91 90000 00001' });
    expect(phone.getAttribute('href')).toBe('https://wa.me/919000000001');
  });

  it("shows the admin's notice text, labelled, and follows its edits", () => {
    const fake = fakeResultsData();
    fake.info$.next(live({ banner: 'x', notice: 'आज दिसावर का रिज़ल्ट देर से आएगा।' }));
    renderWithData(<Banner />, fake);
    expect(screen.getByTestId('notice').textContent).toBe('ज़रूरी सूचना (Notice):आज दिसावर का रिज़ल्ट देर से आएगा।');
    act(() => fake.info$.next(live({ banner: 'x', notice: '  ' })));
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('updates live when the admin edits main info', () => {
    const fake = fakeResultsData();
    fake.info$.next(live({ banner: 'old text' }));
    renderWithData(<Banner />, fake);
    act(() => fake.info$.next(live({ banner: 'new text' })));
    expect(screen.queryByText('old text')).toBeNull();
    expect(screen.getByText('new text')).toBeTruthy();
  });

  it('never links a channel that is not a web address', () => {
    const fake = fakeResultsData();
    fake.info$.next(live({ banner: 'x', channel: 'javascript:alert(1)' }));
    renderWithData(<Banner />, fake);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the loading text while loading', () => {
    renderWithData(<Banner />, fakeResultsData());
    expect(screen.getByText('Loading...')).toBeTruthy();
  });
});
