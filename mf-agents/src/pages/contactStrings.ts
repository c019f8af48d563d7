/** Visible text of the contact page: Hindi first, English beside it. */
export const CONTACT_TEXT = {
  heading: 'संपर्क करें (Contact Us)',
  intro: 'किसी भी जानकारी या सवाल के लिए हमसे संपर्क करें। (For any question, get in touch.)',
  contactPerson: 'संपर्क व्यक्ति (Contact)',
  email: 'ईमेल (Email)',
  whatsapp: 'WhatsApp पर चैट करें (Chat on WhatsApp)',
  loading: 'लोड हो रहा है... (Loading...)',
  missing: 'संपर्क जानकारी अभी उपलब्ध नहीं है, कृपया बाद में देखें। (Contact details are not available yet; please check back later.)',
  noEmail: 'ईमेल अभी उपलब्ध नहीं है। (Email not available yet.)',
  noWhatsapp: 'WhatsApp नंबर अभी उपलब्ध नहीं है। (WhatsApp number not available yet.)',
} as const;
