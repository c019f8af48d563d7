/** Two digits, the way result numbers are written on the site ('07'). */
export function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}
