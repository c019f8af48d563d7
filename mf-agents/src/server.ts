/*
 * The server bundle's entry (`vite build --ssr src/server.ts`): the very components that
 * vite.config.ts `exposes` to the browser, under their exposed names, for the render service.
 */
export { default as AgentCards } from './widgets/AgentCards.tsx';
export { default as ContactPage } from './pages/ContactPage.tsx';
