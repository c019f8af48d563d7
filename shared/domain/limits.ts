// The longest text the database rules accept, field by field. database.rules.json cannot import
// these, so rules/limits.test.ts checks that the rules use exactly these numbers; the forms check
// the same limits before writing, so the admin reads which field is too long instead of the
// server's bare 'Permission denied'.

/** The rules count a string's length as JavaScript does (UTF-16 code units). */
export const MAX_LENGTH = {
  game: { key: 64, sattaname: 100 },
  mainInfo: { name: 100, phnnumber: 40, email: 200, banner: 2000, notice: 2000, channel: 500 },
  ad: { label: 64, name: 200, time: 40 },
  /** A game's notice of the day (shared/domain/gameNotice.ts): it must fit in the game's row. */
  gameNotice: { text: 60 },
  khaiwal: {
    id: 64,
    name: 100,
    phone: 40,
    phone2: 40,
    wa: 40,
    site: 500,
    payment: 200,
    timingGame: 64,
    timingTime: 20,
    jodi: 40,
    haruf: 40,
  },
  audit: { path: 500 },
} as const;
