/** An instant given as India's wall-clock time, e.g. ist('2026-03-15', '12:25'). */
export function ist(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+05:30`);
}
