/**
 * 'Try Again' reloads the whole page (docs/product.md, Chart page). Its own module so tests can
 * replace it.
 */
export function reloadPage(): void {
  window.location.reload();
}
