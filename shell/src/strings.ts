/*
 * Texts of the page frame that the specification leaves open (our wording). Hindi first with a
 * short English echo, like the rest of the site. Candidates to move to shared/domain/messages.ts.
 */
export const SITE_NAME_HI = 'सट्टा किंग रिज़ल्ट';
export const SITE_NAME_EN = 'Satta King Result';

export const SKIP_TO_CONTENT = 'मुख्य सामग्री पर जाएँ (Skip to content)';
export const NAV_LABEL = 'मुख्य मेनू (Main menu)';
/** The Sign In item's label while an admin is signed in. */
export const NAV_DASHBOARD = 'Dashboard';
export const RELOAD_LABEL = 'पेज रीलोड करें (Reload page)';
export const SPLASH_LABEL = 'साइट खुल रही है (Opening the site)';

export const WIDGET_LOADING = 'लोड हो रहा है… (loading)';
export const WIDGET_FAILED_HI = 'यह हिस्सा अभी लोड नहीं हो सका।';
export const WIDGET_FAILED_EN = 'This section could not be loaded.';
export const WIDGET_RETRY = 'फिर से कोशिश करें (Retry)';

export const STARTUP_FAILED_HI = 'साइट शुरू नहीं हो सकी। कृपया पेज रीलोड करें।';
export const STARTUP_FAILED_EN = 'The site could not start. Please reload the page.';

export const EMAIL_LABEL = 'Email';
export const PASSWORD_LABEL = 'Password';
export const CHECKING_SIGN_IN = 'जाँच हो रही है… (checking sign-in)';
export const NOT_ADMIN_HI = 'यह खाता एडमिन नहीं है, इसलिए डैशबोर्ड उपलब्ध नहीं है।';
export const NOT_ADMIN_EN = 'This account is not an admin, so the dashboard is not available.';

export const NOT_FOUND_HI = 'यह पेज नहीं मिला।';
export const NOT_FOUND_EN = 'Page not found.';
export const GO_HOME = 'होम पेज पर जाएँ (Go to Home)';
export const LUCKY_NUMBER_LINK = 'लकी नंबर (Lucky Number)';
export const FONT_LICENCE_LINK = 'Font licence';
/** The footer's link to /corrections (our wording). */
export const CORRECTIONS_LINK = 'संशोधित रिज़ल्ट';

/** The notification prompt's "yes" that did not end in a subscription within PUSH_PATIENCE_MS. */
export const PUSH_FAILED_TITLE = 'सूचनाएँ चालू नहीं हो सकीं (Notifications could not be turned on)';
export const PUSH_FAILED_HELP =
  'सूचना सेवा से जुड़ नहीं पाए। इंटरनेट जाँचें और फिर से कोशिश करें; बार-बार ऐसा हो तो ब्राउज़र की सेटिंग में इस साइट की सूचनाएँ चालू हैं, यह देखें।';
export const PUSH_RETRY = 'फिर से कोशिश करें (Try again)';
export const PUSH_CLOSE = 'बंद करें (Close)';
export const PUSH_WORKING = 'सूचनाएँ चालू हो रही हैं… (Turning notifications on)';
