/*
 * The server bundle's entry (`vite build --ssr src/server.ts`): the very components that
 * vite.config.ts `exposes` to the browser, under their exposed names, for the render service.
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
