import { describe, expect, it } from 'vitest';
import * as m from './messages.ts';

describe('exact strings of the specification', () => {
  it.each<[string, string]>([
    [m.YESTERDAY_HEADING, 'कल आया था'],
    [m.TODAY_HEADING, 'आज का रिज़ल्ट'],
    [m.WAIT, 'Wait...'],
    [m.LOADING, 'Loading...'],
    [m.MISSING_NUMBER, '--'],
    [m.MISSING_CHART_CELL, '-'],
    [m.MISSING_TIME, 'N/A'],
    [m.NAV_HOME, 'Home'],
    [m.NAV_CHART, 'Chart'],
    [m.NAV_CONTACT, 'Contact'],
    [m.NAV_SIGN_IN, 'Sign In'],
    [m.SIGN_IN_BUTTON, 'Sign In'],
    [m.SIGN_OUT_BUTTON, 'Sign Out'],
    [m.NOTIFY_YES, 'हाँ, मुझे सूचित करें'],
    [m.NOTIFY_NO, 'नहीं, फिर कभी'],
    [m.CHART_SUBTITLE, 'Live results and historical data'],
    [m.SEARCH_PLACEHOLDER, 'Search sattaname...'],
    [m.SELECT_SATTANAME_HEADING, 'Select Sattaname to View Chart'],
    [m.NO_SATTANAMES_FOUND, 'No sattanames found matching your search'],
    [m.LOADING_DATA, 'Loading data...'],
    [m.CHART_DATE_COLUMN, 'Date'],
    [m.NO_DATA, 'No data available'],
    [m.FAILED_TO_PROCESS, 'Failed to process data'],
    [m.FAILED_TO_LOAD, 'Failed to load data from server'],
    [m.TRY_AGAIN, 'Try Again'],
    [m.GENERATE_LUCKY_NUMBERS, 'Generate Lucky Numbers'],
    [m.LUCKY_NUMBERS_TITLE, 'Lucky Numbers'],
    [m.LUCKY_NAME_LABEL, 'Name'],
    [m.LUCKY_DOB_LABEL, 'Date of Birth'],
    [m.SPIN, 'Spin'],
    [m.SPINNING, 'Spinning...'],
    [m.FIRST_LOG_IN, 'First, Log In'],
    [m.FORM_UPDATE_NUMBER, 'Update Number'],
    [m.FORM_UPDATE_PASSWORD, 'Update Password'],
    [m.FORM_TEST_NOTIFICATION, 'Send Test Notification'],
    [m.FORM_PREVIOUS_NUMBER, 'Update Previous Number'],
    [m.FORM_MAIN_INFO, 'Update Main Information'],
    [m.FORM_SATTANAME_INFO, 'Sattaname Information'],
    [m.FORM_AD_INFO, 'Update Ad Info'],
    [m.FORM_KHAIWALS, 'Khaiwal Management'],
    [m.UPDATING, 'Updating...'],
    [m.SAVING, 'Saving...'],
    [m.SENDING, 'Sending...'],
    [m.TIME_PLACEHOLDER, 'HH:MM AM/PM'],
    [m.CONFIRM_DELETE_KHAIWAL, 'Are you sure you want to delete this khaiwal?'],
    [m.INCORRECT_PASSWORD, 'Incorrect password. Please try again.'],
    [m.ERROR_DELETING_KHAIWAL, 'Error deleting khaiwal'],
    [m.ERROR_FETCHING_KHAIWALS, 'Error fetching khaiwals data'],
    [m.TEST_NOTIFICATION_FAILED, 'Failed to send test notification.'],
    [m.PLEASE_SELECT_SATTANAME, 'Please select a Sattaname.'],
    [m.FILL_REQUIRED_FIELDS, 'Please fill in all required fields'],
    [m.MAIN_INFO_UPDATED, 'Main information updated successfully!'],
    [m.TIME_UPDATED, 'Time updated successfully'],
    [m.NUMBER_UPDATED_TODAY, 'Number updated successfully for today!'],
    [m.NEW_OBJECT_CREATED_TODAY, 'New object created for today with updated number!'],
    [m.PASSWORD_UPDATED, 'Password updated successfully!'],
    [m.KHAIWAL_ADDED, 'Khaiwal added successfully!'],
    [m.KHAIWAL_UPDATED, 'Khaiwal updated successfully!'],
    [m.KHAIWAL_DELETED, 'Khaiwal deleted successfully!'],
    [m.SUBSCRIPTION_SAVED_LOG, 'Subscription saved to Firebase.'],
    [m.SUBSCRIPTION_EXISTS_LOG, 'Subscription already exists in Firebase.'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('templated strings', () => {
  it.each<[string, string]>([
    [m.chartHeader(2026), 'Satta King Chart 2026'],
    [m.sattanamesFound(0), '0 sattaname(s) found'],
    [m.sattanamesFound(17), '17 sattaname(s) found'],
    [m.chartTitle('Gali', 2026), 'Gali - Yearly Chart 2026'],
    [m.dataAsOf('21-11-2026'), 'Data as of 21-11-2026'],
    // A date key is shown day first, as every date the admin reads.
    [m.numberUpdatedFor('2026-11-20'), 'Number updated successfully for 20-11-2026!'],
    [m.newDataCreatedFor('2026-11-20'), 'New data created for 20-11-2026 with the updated number!'],
    [m.numberUpdatedFor('2026-11-05'), 'Number updated successfully for 05-11-2026!'],
    [m.errorSavingKhaiwal('PERMISSION_DENIED'), 'Error saving khaiwal data: PERMISSION_DENIED'],
    [m.errorUpdatingTime('PERMISSION_DENIED'), 'Error updating time: PERMISSION_DENIED'],
    [m.timingFormatError('Gali'), 'Custom timing for Gali must be in HH:MM AM/PM format.'],
    [m.adEntryIncomplete('top'), 'Ad "top" needs a name and a time.'],
    [m.forGame(m.TIME_UPDATED, 'Gali'), 'Time updated successfully — Gali'],
    [m.forGame(m.NEW_OBJECT_CREATED_TODAY, 'Disawar'), 'New object created for today with updated number! — Disawar'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('Hindi texts', () => {
  const devanagari = /[\u0900-\u097F]/;
  it.each([
    ['notification question', m.NOTIFY_QUESTION],
    ['chart intro', m.CHART_INTRO_HI],
    ['disclaimer', m.DISCLAIMER_HI],
    ['disclaimer title', m.DISCLAIMER_TITLE_HI],
  ])('the %s is written in Devanagari', (_name, text) => {
    expect(text).toMatch(devanagari);
  });

  it('the notification prompt asks about updates and results on the device', () => {
    expect(m.NOTIFY_QUESTION).toMatch(/अपडेट/);
    expect(m.NOTIFY_QUESTION).toMatch(/रिज़ल्ट/);
    expect(m.NOTIFY_QUESTION).toMatch(/डिवाइस/);
    expect(m.NOTIFY_QUESTION.endsWith('?')).toBe(true);
  });
});

describe('disclaimer', () => {
  it.each<[string, RegExp]>([
    ['information only', /information only/],
    ['non-commercial', /non-commercial/],
    ['may be illegal', /may be illegal/],
    ['own risk', /at your own risk/],
    ['18+', /18 or over/],
  ])('the English text says: %s', (_point, pattern) => {
    expect(m.DISCLAIMER_EN).toMatch(pattern);
  });

  it.each<[string, RegExp]>([
    ['information only', /केवल जानकारी के लिए/],
    ['non-commercial', /गैर-व्यावसायिक/],
    ['may be illegal', /गैर-कानूनी हो सकता है/],
    ['own risk', /अपने जोखिम पर/],
    ['18+', /18 वर्ष/],
  ])('the Hindi text says: %s', (_point, pattern) => {
    expect(m.DISCLAIMER_HI).toMatch(pattern);
  });

  it('makes no promise of wins', () => {
    for (const text of [m.DISCLAIMER_EN, m.DISCLAIMER_HI, m.CHART_INTRO_HI]) {
      expect(text).not.toMatch(/guarantee|100%|पक्का|गारंटी/i);
    }
  });

  it('groups both languages', () => {
    expect(m.DISCLAIMER).toEqual({
      hi: { title: 'अस्वीकरण', text: m.DISCLAIMER_HI },
      en: { title: 'Disclaimer', text: m.DISCLAIMER_EN },
    });
  });
});
