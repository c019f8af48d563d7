/*
 * Every widget this remote exposes, under its exposed name (shared/domain/remotes.ts): the one
 * module the browser loads from the remote (federation exposes `./widgets`, so a page fetches the
 * remote's code in one request, not one per widget), and the entry of its server bundle for the
 * render service (`vite build --ssr src/widgets.ts`).
 */
export { default as Banner } from './widgets/Banner.tsx';
export { default as Clock } from './widgets/Clock.tsx';
export { default as ResultTable } from './widgets/ResultTable.tsx';
export { default as CurrentGame } from './widgets/CurrentGame.tsx';
export { default as NextGame } from './widgets/NextGame.tsx';
export { default as MonthlyTable } from './widgets/MonthlyTable.tsx';
export { default as OfflineIndicator } from './widgets/OfflineIndicator.tsx';
export { default as Ads } from './widgets/Ads.tsx';
export { default as Corrections } from './widgets/Corrections.tsx';
