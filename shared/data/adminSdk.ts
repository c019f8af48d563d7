import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, goOffline, goOnline, ref, type Database } from 'firebase/database';
import { Observable, defer, distinctUntilChanged, map, shareReplay } from 'rxjs';
import type { RuntimeConfig } from './config.ts';
import { AuthSession } from './auth.ts';
import { valueOf } from './firebaseStreams.ts';
import { CONNECTED } from './paths.ts';
import type { AdminContext } from './types.ts';

/*
 * The Firebase SDK's side of the data service: the app, the database client and the sign-in,
 * loaded by service.ts with a dynamic import the first time the admin's part is used (signing
 * in, the dashboard). A visitor's page never downloads it: the public reads go through the
 * REST API (rest.ts).
 */

export interface AdminSdk {
  app: FirebaseApp;
  db: Database;
  session: AuthSession;
  ctx: AdminContext;
  /** `true` while the SDK is connected to the database. */
  connected$: Observable<boolean>;
  goOffline(): void;
  goOnline(): void;
  dispose(): Promise<void>;
}

export interface AdminSdkOptions {
  appName: string;
  timezone: string;
  now: () => Date;
  fetch: typeof fetch;
}

export function startAdminSdk(config: RuntimeConfig, options: AdminSdkOptions): AdminSdk {
  const app = initializeApp(config.firebase, options.appName);
  const db = getDatabase(app);
  const emulator = config.emulators?.database;
  if (emulator) connectDatabaseEmulator(db, emulator.host, emulator.port);
  const session = new AuthSession(app, config);
  // Opens the connection now rather than on the first listen.
  ref(db);
  return {
    app,
    db,
    session,
    ctx: {
      db,
      config,
      timezone: options.timezone,
      now: options.now,
      fetch: options.fetch,
      currentUser: () => session.currentUser(),
    },
    connected$: defer(() => valueOf(ref(db, CONNECTED))).pipe(
      map((v) => v === true),
      distinctUntilChanged(),
      shareReplay({ bufferSize: 1, refCount: true }),
    ),
    goOffline: () => goOffline(db),
    goOnline: () => goOnline(db),
    dispose: () => deleteApp(app),
  };
}
