/*
 * Every widget this remote exposes, under its exposed name (shared/domain/remotes.ts): the one
 * module the browser loads from the remote (federation exposes `./widgets`, so a page fetches the
 * remote's code in one request, not one per widget), and the entry of its server bundle for the
 * render service (`vite build --ssr src/widgets.ts`).
 */
export { default as ChartPage } from './pages/ChartPage.tsx';

/*
 * Not a widget: the decisions about a chart address (status, title, description, canonical
 * address, redirect), made here once. The render service asks this function of the server bundle
 * it has loaded instead of deciding again (server/render/src/routing.ts); widgets are looked up by
 * their exposed names only, so it is never taken for one.
 */
export { decideChartPage } from './rules/chartPage.ts';
