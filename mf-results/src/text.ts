// Wording of the home widgets that the specification leaves open (our wording). The
// specification's own strings come from @satta/shared/domain/messages.

export const RESULT_TABLE_CAPTION = 'आज और कल के रिज़ल्ट';
export const GAME_COLUMN = 'गेम';
export const CURRENT_GAME_HEADING = 'अभी का रिज़ल्ट';
export const YESTERDAY_LABEL = 'कल';
export const TODAY_LABEL = 'आज';
export const NEXT_GAME_HEADING = 'अगला गेम';
export const NEXT_GAME_COUNTDOWN = 'रिज़ल्ट आने में';
/** What the server's HTML says instead of a countdown, which would be wrong by the time it is read. */
export const NEXT_GAME_AT = 'रिज़ल्ट का समय';
export const NEXT_GAME_TOMORROW = 'कल';
export const CHART_LINK = 'पूरा चार्ट देखें';
export const MONTHLY_CAPTION = (month: string): string => `मासिक रिज़ल्ट ${month}`;
export const MONTHLY_MORE_CAPTION = (month: string): string => `मासिक रिज़ल्ट ${month} (और गेम)`;
export const MONTHLY_JUMP_TODAY = (day: string): string => `आज (${day}) की पंक्ति पर जाएँ`;
export const MONTHLY_SCROLL_HINT = 'और गेम देखने के लिए दाएँ स्क्रॉल करें';
export const JOIN_CHANNEL = 'सबसे तेज़ रिज़ल्ट के लिए हमारा चैनल जॉइन करें';
export const CONTACT_LABEL = 'WhatsApp / संपर्क';
export const BANNER_LABEL = 'सूचना';
export const NOTICE_LABEL = 'ज़रूरी सूचना (Notice)';
export const ADS_HEADING = 'विज्ञापन (Advertisement)';
export const ADS_TIME = 'समय';
export const CLOCK_LABEL = 'भारतीय समय';
export const CORRECTIONS_HEADING = 'संशोधित रिज़ल्ट (पिछले 90 दिन)';
export const CORRECTIONS_INTRO = 'प्रकाशित होने के बाद बदले गए हर नंबर की सूची: पहले क्या था, अब क्या है, और कब।';
export const CORRECTIONS_TABLE_LABEL = 'संशोधित रिज़ल्ट की तालिका';
export const CORRECTIONS_SCROLL_HINT = 'बाकी कॉलम देखने के लिए दाएँ स्क्रॉल करें (scroll) →';
export const CORRECTIONS_EMPTY = 'पिछले 90 दिनों में कोई रिज़ल्ट संशोधित नहीं हुआ।';
export const CORRECTIONS_COLUMNS = ['गेम', 'तारीख', 'पहले → अब', 'प्रकाशित', 'संशोधित'] as const;
export const OFFLINE = 'ऑफ़लाइन — दोबारा जुड़ने की कोशिश हो रही है';
