/** Visible labels of the agent directory: Hindi first, English beside it for the words agents use. */
export const AGENT_TEXT = {
  heading: 'ऑनलाइन खाईवाल (Online Khaiwal)',
  loading: 'खाईवाल लोड हो रहे हैं... (Loading...)',
  phone: 'फ़ोन',
  whatsapp: 'WhatsApp पर चैट करें',
  website: 'वेबसाइट',
  payment: 'पेमेंट (Payment)',
  timingsSummary: (games: number): string => `गेम टाइम देखें (Game timings: ${games})`,
  rates: 'रेट (Rates)',
  jodi: 'जोड़ी (Jodi)',
  haruf: 'हरूफ़ (Haruf)',
  unnamed: 'खाईवाल',
  samplesNote: 'अभी कोई खाईवाल नहीं जुड़ा है: ये नमूना कार्ड हैं। (Sample cards)',
} as const;
