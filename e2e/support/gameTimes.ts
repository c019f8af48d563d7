/**
 * Every game of the sample data with the registry's default time, written out by hand: the tests
 * that set these times work out the current and next game from them, so a change of a default
 * in the registry does not move their expectations.
 */
export const GAME_TIMES: Readonly<Record<string, string>> = {
  Disawar: '02:00 AM',
  Bilaspur: '12:20 PM',
  Mathura: '01:20 PM',
  Puskar: '01:40 PM',
  Gangotri: '02:20 PM',
  'Sadar Bazar': '02:40 PM',
  'Delhi Bazar': '03:00 PM',
  Gwalior: '03:40 PM',
  'Shri Ganesh': '04:30 PM',
  Ferozpur: '05:15 PM',
  Agra: '05:40 PM',
  Faridabad: '06:00 PM',
  'Palika bazar': '07:20 PM',
  Sadak: '08:40 PM',
  Gaziyabad: '09:30 PM',
  'Dwarka bazar': '10:25 PM',
  Gali: '11:30 PM',
};
