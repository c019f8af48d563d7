import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from './phone.ts';
import { DEFAULT_RATES } from './agents.ts';
import {
  isContactEmail,
  isDatabaseKey,
  validateAdInfo,
  validateAgent,
  validateMainInfo,
  validatePassword,
  validatePreviousNumber,
  validateTime,
  validateTodayNumber,
  type AgentForm,
} from './validation.ts';

const NUMBER_ERROR = 'Number must be two digits from 00 to 99.';

describe('validateTodayNumber', () => {
  it.each([
    [
      { game: 'Gali', number: '05' },
      { ok: true, value: { game: 'Gali', number: '05' } },
    ],
    [
      { game: ' Gali ', number: ' 42 ' },
      { ok: true, value: { game: 'Gali', number: '42' } },
    ],
    [
      { game: 'Disawar', number: '00' },
      { ok: true, value: { game: 'Disawar', number: '00' } },
    ],
    [
      { game: 'Disawar', number: '99' },
      { ok: true, value: { game: 'Disawar', number: '99' } },
    ],
    [
      { game: 'Gali', number: '5' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { game: 'Gali', number: '123' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { game: 'Gali', number: '4 2' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { game: 'Gali', number: '０７' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { game: '', number: '05' },
      { ok: false, error: 'Please select a Sattaname.' },
    ],
    [
      { game: '   ', number: '05' },
      { ok: false, error: 'Please select a Sattaname.' },
    ],
    [
      { game: null, number: '05' },
      { ok: false, error: 'Please select a Sattaname.' },
    ],
    [
      { game: 'Gali/2026-11-20', number: '05' },
      { ok: false, error: 'A Sattaname must not contain . $ # [ ] /' },
    ],
    [
      { game: 'Gali', number: '100' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { game: 'Gali', number: '-1' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { game: 'Gali', number: '' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { game: 'Gali', number: 'ab' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { game: 'Gali', number: '5.5' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { game: 'Gali', number: undefined },
      { ok: false, error: NUMBER_ERROR },
    ],
  ])('%j -> %j', (form, expected) => {
    expect(validateTodayNumber(form)).toEqual(expected);
  });
});

describe('validatePreviousNumber', () => {
  const TODAY = '2026-11-21';
  const DATE_FORMAT = 'Enter the date as DD-MM-YYYY, for example 02-11-2026.';
  it.each([
    [
      { date: '20-11-2026', game: 'Gali', number: '7' },
      { ok: false, error: NUMBER_ERROR },
    ],
    [
      { date: '21-11-2026', game: 'Gali', number: '07' },
      { ok: true, value: { date: '2026-11-21', game: 'Gali', number: '07' } },
    ],
    [
      { date: '01-01-2025', game: 'Agra', number: '12' },
      { ok: true, value: { date: '2025-01-01', game: 'Agra', number: '12' } },
    ],
    // A phone's one-digit day or month, and its '/' or '.', read day first like the rest.
    [
      { date: '5-11-2026', game: 'Gali', number: '07' },
      { ok: true, value: { date: '2026-11-05', game: 'Gali', number: '07' } },
    ],
    [
      { date: ' 5/1/2026 ', game: 'Gali', number: '07' },
      { ok: true, value: { date: '2026-01-05', game: 'Gali', number: '07' } },
    ],
    [
      { date: '20-11-2026', game: '', number: '07' },
      { ok: false, error: 'Please select a Sattaname.' },
    ],
    [
      { date: '', game: 'Gali', number: '07' },
      { ok: false, error: 'Please select a date.' },
    ],
    [
      { date: null, game: 'Gali', number: '07' },
      { ok: false, error: 'Please select a date.' },
    ],
    [
      { date: '30-02-2026', game: 'Gali', number: '07' },
      { ok: false, error: DATE_FORMAT },
    ],
    // Year first is refused, as in every date field: the site never shows a date that way.
    [
      { date: '2026-11-20', game: 'Gali', number: '07' },
      { ok: false, error: DATE_FORMAT },
    ],
    [
      { date: '22-11-2026', game: 'Gali', number: '07' },
      { ok: false, error: 'The date cannot be in the future.' },
    ],
    [
      { date: '1-1-2027', game: 'Gali', number: '07' },
      { ok: false, error: 'The date cannot be in the future.' },
    ],
    [
      { date: '20-11-2026', game: 'Gali', number: '123' },
      { ok: false, error: NUMBER_ERROR },
    ],
  ])('%j -> %j', (form, expected) => {
    expect(validatePreviousNumber(form, TODAY)).toEqual(expected);
  });
});

const PHONE_ERROR =
  'Phone number must be a phone number: digits, with an optional + at the start and spaces, 6 to 15 digits (for example +91 98765 43210).';

describe('validateMainInfo', () => {
  const REQUIRED = 'Please enter both a name and a phone number.';
  it.each([
    [
      { name: 'Raj', phnnumber: '+91 90000 00001' },
      { ok: true, value: { name: 'Raj', phnnumber: '+91 90000 00001' } },
    ],
    [
      { name: ' Raj ', phnnumber: 919000000001 },
      { ok: true, value: { name: 'Raj', phnnumber: '919000000001' } },
    ],
    [
      { name: '', phnnumber: '9000000001' },
      { ok: false, error: REQUIRED },
    ],
    [
      { name: 'Raj', phnnumber: '  ' },
      { ok: false, error: REQUIRED },
    ],
    [
      { name: null, phnnumber: null },
      { ok: false, error: REQUIRED },
    ],
    [
      { name: 'R'.repeat(100), phnnumber: '987654' },
      { ok: true, value: { name: 'R'.repeat(100), phnnumber: '987654' } },
    ],
    [
      { name: 'R'.repeat(101), phnnumber: '987654' },
      { ok: false, error: 'Name is too long: 101 characters, at most 100.' },
    ],
    [
      { name: 'Raj', phnnumber: 'call me maybe' },
      { ok: false, error: PHONE_ERROR },
    ],
    [
      { name: 'Raj', phnnumber: '+91 98765-43210' },
      { ok: false, error: PHONE_ERROR },
    ],
    [
      { name: 'Raj', phnnumber: '12345' },
      { ok: false, error: PHONE_ERROR },
    ],
    [
      { name: 'Raj', phnnumber: '+123 456 789 012 345' },
      { ok: true, value: { name: 'Raj', phnnumber: '+123 456 789 012 345' } },
    ],
    [
      { name: 'Raj', phnnumber: '1234567890123456' },
      { ok: false, error: PHONE_ERROR },
    ],
    [
      { name: 'Raj', phnnumber: '9'.repeat(41) },
      { ok: false, error: 'Phone number is too long: 41 characters, at most 40.' },
    ],
  ])('%j -> %j', (form, expected) => {
    expect(validateMainInfo(form)).toEqual(expected);
  });
});

describe('validatePassword', () => {
  it.each([
    [
      { current: 'old', next: 'new-pass' },
      { ok: true, value: { current: 'old', next: 'new-pass' } },
    ],
    [
      { current: ' old ', next: ' new pass ' },
      { ok: true, value: { current: ' old ', next: ' new pass ' } },
    ],
    [
      { current: 'old', next: '      ' },
      { ok: false, error: 'The new password cannot be only spaces.' },
    ],
    [
      { current: 'old', next: 'abcde' },
      { ok: false, error: 'The new password must be 6 to 4096 characters long (it has 5).' },
    ],
    [
      { current: 'old', next: 'पासवर्ड' },
      { ok: true, value: { current: 'old', next: 'पासवर्ड' } },
    ],
    [
      { current: 'old', next: 'x'.repeat(4096) },
      { ok: true, value: { current: 'old', next: 'x'.repeat(4096) } },
    ],
    [
      { current: 'old', next: 'x'.repeat(5000) },
      { ok: false, error: 'The new password must be 6 to 4096 characters long (it has 5000).' },
    ],
    [
      { current: '', next: 'new' },
      { ok: false, error: 'Please enter your current password.' },
    ],
    [
      { current: 'old', next: '' },
      { ok: false, error: 'Please enter a new password.' },
    ],
    [
      { current: undefined, next: undefined },
      { ok: false, error: 'Please enter your current password.' },
    ],
  ])('%j -> %j', (form, expected) => {
    expect(validatePassword(form)).toEqual(expected);
  });
});

describe('validateTime', () => {
  const FORMAT = 'Time must be in HH:MM AM/PM format, for example 02:00 PM.';
  it.each([
    ['12:20 pm', { ok: true, value: '12:20 PM' }],
    ['2:00pm', { ok: true, value: '02:00 PM' }],
    [' 02:00 am ', { ok: true, value: '02:00 AM' }],
    ['11:30 PM', { ok: true, value: '11:30 PM' }],
    ['6 pm', { ok: true, value: '06:00 PM' }],
    ['6:00 PM', { ok: true, value: '06:00 PM' }],
    ['9:05 pm', { ok: true, value: '09:05 PM' }],
    ['', { ok: false, error: 'Please enter a time.' }],
    ['   ', { ok: false, error: 'Please enter a time.' }],
    [null, { ok: false, error: 'Please enter a time.' }],
    ['14:00', { ok: false, error: FORMAT }],
    ['21:05', { ok: false, error: FORMAT }],
    ['13:00 PM', { ok: false, error: FORMAT }],
    ['noon', { ok: false, error: FORMAT }],
  ])('%j -> %j', (text, expected) => {
    expect(validateTime(text)).toEqual(expected);
  });
});

describe('validateAgent', () => {
  const FILL = 'Please fill in all required fields';
  const base: AgentForm = {
    name: 'Raj',
    phone: '+91 90000 00009',
    wa: '+91 90000 00009',
    site: 'https://example.com',
    payment: 'UPI',
  };
  const saved = {
    name: 'Raj',
    phone: '+91 90000 00009',
    wa: '+91 90000 00009',
    site: 'https://example.com/',
    payment: 'UPI',
    customTimings: [],
    customRates: { ...DEFAULT_RATES },
  };

  it.each<[string, Partial<AgentForm>, unknown]>([
    ['the minimal agent', {}, { ok: true, value: saved }],
    [
      'every field trimmed, phone 2 kept, timings canonical, own rates',
      {
        name: ' Raj ',
        phone2: ' +91 90000 00010 ',
        site: ' example.com ',
        customTimings: [
          ['Gali', '11:30 pm'],
          [' Disawar ', '2:00am'],
          ['', ''],
        ],
        customRates: { jodi: ' 10-----950 ', haruf: '100-----950' },
      },
      {
        ok: true,
        value: {
          ...saved,
          phone2: '+91 90000 00010',
          customTimings: [
            ['Gali', '11:30 PM'],
            ['Disawar', '02:00 AM'],
          ],
          customRates: { jodi: '10-----950', haruf: '100-----950' },
        },
      },
    ],
    ['an empty phone 2 is left out', { phone2: '   ' }, { ok: true, value: saved }],
    ['blank rates fall back to the defaults', { customRates: { jodi: '', haruf: '  ' } }, { ok: true, value: saved }],
    ['no name', { name: '  ' }, { ok: false, error: FILL }],
    ['no phone', { phone: '' }, { ok: false, error: FILL }],
    ['no WhatsApp', { wa: '' }, { ok: false, error: FILL }],
    ['no site', { site: '' }, { ok: false, error: FILL }],
    ['no payment', { payment: ' ' }, { ok: false, error: FILL }],
    ['a WhatsApp number without digits', { wa: 'ask me' }, { ok: false, error: 'WhatsApp number must contain digits.' }],
    ['a javascript: site', { site: 'javascript:alert(1)' }, { ok: false, error: 'Website must be a valid http:// or https:// address.' }],
    ['an ftp site', { site: 'ftp://example.com' }, { ok: false, error: 'Website must be a valid http:// or https:// address.' }],
    ['a name of 101 characters', { name: 'K'.repeat(101) }, { ok: false, error: 'Name is too long: 101 characters, at most 100.' }],
    ['a phone 2 of 41 characters', { phone2: '9'.repeat(41) }, { ok: false, error: 'Phone 2 is too long: 41 characters, at most 40.' }],
    [
      'a phone in letters',
      { phone: 'abcdef' },
      {
        ok: false,
        error:
          'Phone must be a phone number: digits, with an optional + at the start and spaces, 6 to 15 digits (for example +91 98765 43210).',
      },
    ],
    [
      'a phone 2 with a hyphen',
      { phone2: '98765-43210' },
      {
        ok: false,
        error:
          'Phone 2 must be a phone number: digits, with an optional + at the start and spaces, 6 to 15 digits (for example +91 98765 43210).',
      },
    ],
    [
      'a payment of 201 characters',
      { payment: 'p'.repeat(201) },
      { ok: false, error: 'Payment is too long: 201 characters, at most 200.' },
    ],
    [
      'a website of 501 characters',
      { site: `https://e.com/${'a'.repeat(487)}` },
      { ok: false, error: 'Website URL is too long: 501 characters, at most 500.' },
    ],
    [
      'a jodi rate of 41 characters',
      { customRates: { jodi: '1'.repeat(41), haruf: '' } },
      { ok: false, error: 'Jodi rate is too long: 41 characters, at most 40.' },
    ],
    [
      'a timing game of 65 characters',
      { customTimings: [['G'.repeat(65), '11:30 PM']] },
      { ok: false, error: 'Custom timing game is too long: 65 characters, at most 64.' },
    ],
    ['a timing without a game', { customTimings: [['', '11:30 PM']] }, { ok: false, error: 'Each custom timing needs a game name.' }],
    [
      'a timing typed as a whole hour, read as every admin time is',
      { customTimings: [['Faridabad', '6 pm']] },
      { ok: true, value: { ...saved, customTimings: [['Faridabad', '06:00 PM']] } },
    ],
    [
      'a timing with a bad time',
      { customTimings: [['Gali', '25:00']] },
      { ok: false, error: 'Custom timing for Gali must be in HH:MM AM/PM format.' },
    ],
    [
      'a timing without a time',
      { customTimings: [['Gali', '']] },
      { ok: false, error: 'Custom timing for Gali must be in HH:MM AM/PM format.' },
    ],
  ])('%s', (_title, change, expected) => {
    const result = validateAgent({ ...base, ...change });
    expect(result).toEqual(expected);
    if (result.ok) expect(JSON.stringify(result.value)).not.toContain('undefined');
    if (result.ok) expect(Object.values(result.value)).not.toContain(undefined);
  });
});

describe('validateAdInfo', () => {
  it.each<[string, Record<string, { name?: string | null; time?: string | null }>, unknown]>([
    [
      'entries trimmed, times canonical',
      { top: { name: ' Gali ', time: '11:30 pm' }, ' side ': { name: 'Offer', time: '2:00am' } },
      { ok: true, value: { top: { name: 'Gali', time: '11:30 PM' }, side: { name: 'Offer', time: '02:00 AM' } } },
    ],
    [
      "a whole hour, read as a game time is ('6 pm' -> '06:00 PM')",
      { top: { name: 'Evening', time: '6 pm' }, side: { name: 'Night', time: '9:05 pm' } },
      { ok: true, value: { top: { name: 'Evening', time: '06:00 PM' }, side: { name: 'Night', time: '09:05 PM' } } },
    ],
    [
      'a time that is no time',
      { top: { name: 'Gali', time: '25:99 XM' } },
      { ok: false, error: 'Ad "top" time must be in HH:MM AM/PM format, for example 02:00 PM.' },
    ],
    [
      'a span of hours',
      { side: { name: 'Offer', time: '10 AM - 11 AM' } },
      { ok: false, error: 'Ad "side" time must be in HH:MM AM/PM format, for example 02:00 PM.' },
    ],
    [
      'a 24-hour time',
      { top: { name: 'Gali', time: '23:30' } },
      { ok: false, error: 'Ad "top" time must be in HH:MM AM/PM format, for example 02:00 PM.' },
    ],
    ['no entries', {}, { ok: true, value: {} }],
    ['an entry without a name', { top: { name: '', time: '11:30 PM' } }, { ok: false, error: 'Ad "top" needs a name and a time.' }],
    ['an entry without a time', { top: { name: 'Gali', time: null } }, { ok: false, error: 'Ad "top" needs a name and a time.' }],
    [
      'a label with a slash',
      { 'a/b': { name: 'Gali', time: '11:30 PM' } },
      { ok: false, error: 'Ad labels must not be empty or contain . $ # [ ] /' },
    ],
    [
      'a label of 65 characters',
      { ['l'.repeat(65)]: { name: 'Gali', time: '11:30 PM' } },
      { ok: false, error: 'Ad label is too long: 65 characters, at most 64.' },
    ],
    [
      'a name of 201 characters',
      { top: { name: 'n'.repeat(201), time: '11:30 PM' } },
      { ok: false, error: 'Ad "top" name is too long: 201 characters, at most 200.' },
    ],
    [
      'a blank label',
      { '  ': { name: 'Gali', time: '11:30 PM' } },
      { ok: false, error: 'Ad labels must not be empty or contain . $ # [ ] /' },
    ],
  ])('%s', (_title, entries, expected) => {
    expect(validateAdInfo(entries)).toEqual(expected);
  });
});

describe('isDatabaseKey', () => {
  it.each([
    ['Gali', true],
    ['Delhi Bazar', true],
    ['सट्टा', true],
    ['', false],
    ['a.b', false],
    ['a$b', false],
    ['a#b', false],
    ['a[b', false],
    ['a]b', false],
    ['a/b', false],
    ['a\nb', false],
  ])('%j: %s', (key, valid) => {
    expect(isDatabaseKey(key)).toBe(valid);
  });

  it.each([
    ['768 ASCII bytes', 'x'.repeat(768), true],
    ['769 ASCII bytes', 'x'.repeat(769), false],
    ['768 UTF-8 bytes of Devanagari', 'स'.repeat(256), true],
    ['771 UTF-8 bytes of Devanagari', 'स'.repeat(257), false],
  ])('a key of %s: %s', (_title, key, valid) => {
    expect(isDatabaseKey(key)).toBe(valid);
  });
});

describe('isContactEmail', () => {
  it.each([
    ['admin@example.com', true],
    [' admin@example.com ', true],
    ['first.last@mail.example.in', true],
    ['', false],
    ['admin', false],
    ['admin@example', false],
    ['admin @example.com', false],
    ['admin@example.com?subject=win', false],
    ['admin@example.com&body=x', false],
    ['admin@exa#mple.com', false],
    ['a@b@example.com', false],
    ['mailto:admin@example.com', false],
  ])('%j -> %s', (text, shown) => {
    expect(isContactEmail(text)).toBe(shown);
  });
});

describe('the phone number rule of the forms is the rules’ rule', () => {
  it('database.rules.json checks mian/phnnumber and a khaiwal’s phones with the same expression', () => {
    const rules = readFileSync(new URL('../../database.rules.json', import.meta.url), 'utf8');
    const expression = JSON.stringify(PHONE_PATTERN.source).slice(1, -1);
    expect(rules.split(`matches(/${expression}/)`).length - 1).toBe(3);
  });
});
