import { applicationDefault, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import type { NotifyConfig } from './config.ts';

export interface Firebase {
  app: App;
  db: Database;
  auth: Auth;
  close(): Promise<void>;
}

/**
 * firebase-admin for the configured project. Against the emulators (FIREBASE_*_EMULATOR_HOST)
 * it needs no credentials and reads past the rules as the owner; in production it uses the
 * environment's service account (GOOGLE_APPLICATION_CREDENTIALS or the platform's identity).
 */
export function connectFirebase(config: NotifyConfig): Firebase {
  const app = initializeApp(
    {
      projectId: config.projectId,
      databaseURL: config.databaseURL,
      ...(config.emulated ? {} : { credential: applicationDefault() }),
    },
    `notify-${process.pid}-${Date.now()}`,
  );
  const db = getDatabase(app);
  return { app, db, auth: getAuth(app), close: () => deleteApp(app) };
}
