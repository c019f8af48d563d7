/** An instant given as India's wall-clock time, e.g. ist('2030-03-15', '00:30'). */
export function ist(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+05:30`);
}

/** Seconds of an 'HH:MM:SS' countdown. */
export function countdownSeconds(text: string): number {
  const [h, m, s] = text.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}
