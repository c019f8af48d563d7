/*
 * Every widget this remote exposes, under its exposed name (shared/domain/remotes.ts): the one
 * module the browser loads from the remote (federation exposes `./widgets`, so a page fetches the
 * remote's code in one request, not one per widget), and the entry of its server bundle for the
 * render service (`vite build --ssr src/widgets.ts`).
 */
export { default as AgentCards } from './widgets/AgentCards.tsx';
export { default as ContactPage } from './pages/ContactPage.tsx';
