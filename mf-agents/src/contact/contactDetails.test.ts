import { describe, expect, it } from 'vitest';
import { contactDetails } from './contactDetails.ts';

describe('contactDetails', () => {
  it('takes the first name, a mailto link and a wa.me link from main info', () => {
    expect(contactDetails({ name: '  Ravi Kumar ', email: 'ravi@example.com', phnnumber: '+91 98765-43210' })).toEqual({
      firstName: 'Ravi',
      email: 'ravi@example.com',
      mailto: 'mailto:ravi@example.com',
      phone: '+91 98765-43210',
      whatsapp: 'https://wa.me/919876543210',
    });
  });

  it('keeps Hindi names whole', () => {
    expect(contactDetails({ name: 'राजेश शर्मा' }).firstName).toBe('राजेश');
  });

  it.each([
    ['missing info', undefined],
    ['empty record', {}],
    ['blank fields', { name: '  ', email: '', phnnumber: ' ' }],
  ])('gives nothing for %s', (_label, info) => {
    expect(contactDetails(info)).toEqual({ firstName: null, email: null, mailto: null, phone: null, whatsapp: null });
  });

  it.each(['not-an-email', 'a@b', 'x@example.com?subject=hi', 'javascript:alert(1)@x.com'])('never makes a mailto link of %s', (email) => {
    expect(contactDetails({ email }).mailto).toBeNull();
  });

  it('reads a phone number stored as a number', () => {
    const info = { phnnumber: 919876543210 as unknown as string };
    expect(contactDetails(info).whatsapp).toBe('https://wa.me/919876543210');
  });

  it('has no WhatsApp link when the phone has no digits', () => {
    expect(contactDetails({ phnnumber: 'call us' }).whatsapp).toBeNull();
  });
});
