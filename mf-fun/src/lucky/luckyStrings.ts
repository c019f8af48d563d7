/** Visible text of the lucky-number page that the specification leaves open (our wording). */
export const LUCKY_TEXT = {
  heading: 'लकी नंबर जनरेटर (Lucky Number Generator)',
  intro: 'अपना नाम और जन्म तिथि भरें और अपने 5 लकी नंबर देखें। ये नंबर हर बार नए और पूरी तरह रैंडम होते हैं, सिर्फ़ मनोरंजन के लिए।',
  nameRequired: 'कृपया अपना नाम भरें (Name is required)',
  dobRequired: 'कृपया जन्म तिथि भरें (Date of Birth is required)',
  dobInvalid: 'कृपया सही जन्म तिथि भरें, जैसे 15-08-1992 (Enter a valid Date of Birth, DD-MM-YYYY)',
  dobFuture: 'जन्म तिथि भविष्य की नहीं हो सकती (Date of Birth cannot be in the future)',
  gridLabel: '0 से 99 तक नंबर ग्रिड (Numbers 0 to 99)',
  gridHint: 'आपके लकी नंबर ग्रिड में ★ के साथ दिखाए गए हैं।',
  luckyMark: 'लकी नंबर',
  modalIntro: 'आपके लकी नंबर:',
  times: (n: number) => `×${n}`,
} as const;
