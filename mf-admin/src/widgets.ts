/*
 * Every widget this remote exposes, under its exposed name (shared/domain/remotes.ts): the one
 * module the browser loads from the remote (federation exposes `./widgets`). mf-admin has no
 * server bundle: the dashboard is never rendered on the server.
 */
export { default as Dashboard } from './pages/Dashboard.tsx';
