/** Visible text of the slot machine that the specification leaves open (our wording). */
export const SLOT_TEXT = {
  heading: 'स्लॉट मशीन (Slot Machine)',
  toyNote: 'सिर्फ़ मनोरंजन के लिए: न पैसा, न इनाम। (Just for fun: no money, no prizes.)',
  reels: 'स्लॉट रील (Slot reels)',
  result: (labels: readonly string[]) => `नतीजा (Result): ${labels.join(', ')}`,
} as const;
