// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Khaiwal } from '@satta/shared/domain/agents';
import { AgentCard } from './AgentCard.tsx';

afterEach(cleanup);

const agent: Khaiwal = {
  id: 'k1',
  name: 'Ramesh Bhai',
  phone: '+91 98765 43210',
  phone2: '098765 11111',
  wa: '+91 98765-43210',
  site: 'https://ramesh.example.com/play',
  payment: 'PhonePe / GPay',
  customTimings: [
    ['Gali', '11:20 PM'],
    ['Disawar', '01:50 AM'],
  ],
  customRates: { jodi: '10-----950', haruf: '100-----940' },
};

function card(a: Khaiwal) {
  render(<AgentCard agent={a} />);
  return within(screen.getByRole('article', { name: a.name || 'खाईवाल' }));
}

describe('AgentCard', () => {
  it('shows the name, both phones as call links and the payment text', () => {
    const c = card(agent);
    expect(c.getByRole('heading', { name: 'Ramesh Bhai' })).toBeTruthy();
    expect(c.getByRole('link', { name: /कॉल करें: \+91 98765 43210/ }).getAttribute('href')).toBe('tel:+919876543210');
    expect(c.getByRole('link', { name: /कॉल करें: 098765 11111/ }).getAttribute('href')).toBe('tel:09876511111');
    expect(c.getByText('PhonePe / GPay')).toBeTruthy();
  });

  it('links WhatsApp as wa.me with the digits only, country code kept', () => {
    const link = card(agent).getByRole('link', { name: /WhatsApp/ });
    expect(link.getAttribute('href')).toBe('https://wa.me/919876543210');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('links an http(s) website', () => {
    const link = card(agent).getByRole('link', { name: 'https://ramesh.example.com/play' });
    expect(link.getAttribute('href')).toBe('https://ramesh.example.com/play');
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example.com'])(
    'shows %s as plain text, never as a link',
    (site) => {
      const c = card({ ...agent, site });
      expect(c.getByText(site).closest('a')).toBeNull();
      for (const link of c.getAllByRole('link')) expect(link.getAttribute('href')).not.toMatch(/^(javascript|data|ftp):/i);
    },
  );

  it('lists the custom timings and rates', () => {
    const c = card(agent);
    expect(c.getByText('Gali').nextElementSibling?.textContent).toBe('11:20 PM');
    expect(c.getByText('Disawar').nextElementSibling?.textContent).toBe('01:50 AM');
    expect(c.queryByText('Bilaspur')).toBeNull();
    expect(c.getByText('10-----950')).toBeTruthy();
    expect(c.getByText('100-----940')).toBeTruthy();
  });

  it('falls back to the default times of all twelve games and the default rates', () => {
    const c = card({ ...agent, customTimings: [], customRates: { jodi: '', haruf: '' } });
    expect(c.getByText('Bilaspur').nextElementSibling?.textContent).toBe('12:20 PM');
    expect(c.getByText('Disawar').nextElementSibling?.textContent).toBe('02:00 AM');
    expect(c.getAllByRole('definition')).toHaveLength(12 + 2);
    expect(c.getByText('10-----960')).toBeTruthy();
    expect(c.getByText('100-----960')).toBeTruthy();
  });

  it('leaves out a missing second phone and a WhatsApp number without digits', () => {
    const { phone2: _unused, ...single } = agent;
    const c = card({ ...single, wa: 'n/a' });
    expect(c.getAllByRole('link', { name: /कॉल करें/ })).toHaveLength(1);
    expect(c.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });
});

describe('AgentCard on a phone', () => {
  it('keeps the timings closed until the visitor opens them', () => {
    const c = card(agent);
    const summary = c.getByText('गेम टाइम देखें (Game timings: 2)');
    const details = summary.closest('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain('11:20 PM');
    summary.click();
    expect(details?.open).toBe(true);
  });
});
