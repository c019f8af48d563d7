/** The message of whatever a service call threw, for the forms that show the service's own words. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}
