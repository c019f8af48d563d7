/** SPEC 8: 'Try Again' reloads the whole page. Its own module so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
