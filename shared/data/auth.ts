import type { FirebaseApp } from 'firebase/app';
import type { Auth, User } from 'firebase/auth';
import { Observable, defer, from, distinctUntilChanged, shareReplay, switchMap } from 'rxjs';
import type { RuntimeConfig } from './config.ts';
import { DataError } from './errors.ts';
import type { SignedInUser } from './types.ts';

interface AuthHandle {
  auth: Auth;
  mod: typeof import('firebase/auth');
}

/** The admin's sign-in. The auth SDK is loaded lazily, on first use: visitors never download it. */
export class AuthSession {
  private handle: Promise<AuthHandle> | undefined;

  constructor(
    private readonly app: FirebaseApp,
    private readonly config: RuntimeConfig,
  ) {}

  /** The signed-in user (or null). Subscribing loads the auth SDK. */
  readonly user$: Observable<SignedInUser | null> = defer(() => from(this.load())).pipe(
    switchMap(
      ({ auth, mod }) =>
        new Observable<SignedInUser | null>((subscriber) =>
          mod.onIdTokenChanged(auth, (user) => {
            if (!user) return subscriber.next(null);
            toSignedInUser(user).then(
              (u) => subscriber.next(u),
              (error) => subscriber.error(error),
            );
          }),
        ),
    ),
    distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  async signIn(email: string, password: string): Promise<SignedInUser> {
    const { auth, mod } = await this.load();
    const credential = await mod.signInWithEmailAndPassword(auth, email, password);
    // The database client takes the new token from Auth's token listeners, a tick after the
    // sign-in resolves, and sends it on its connection then. Resolving only after that round (a
    // listener added now is called after the ones already there) keeps a write made at once
    // after signing in from going out before it, as the signed-out user (permission_denied).
    await new Promise<void>((resolve) => {
      // Never longer than a moment: signed out again meanwhile, the round may not name this user.
      const timer = setTimeout(done, 2000);
      const stop = mod.onIdTokenChanged(auth, (user) => {
        if (user?.uid === credential.user.uid) done();
      });
      function done(): void {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
    return toSignedInUser(credential.user);
  }

  async signOut(): Promise<void> {
    const { auth, mod } = await this.load();
    await mod.signOut(auth);
  }

  /** Re-authenticates with the current password first, as Firebase requires for this change. */
  async updatePassword(current: string, next: string): Promise<void> {
    const { auth, mod } = await this.load();
    const user = auth.currentUser;
    if (!user?.email) throw new DataError('data/not-signed-in', 'Not signed in.');
    await mod.reauthenticateWithCredential(user, mod.EmailAuthProvider.credential(user.email, current));
    await mod.updatePassword(user, next);
  }

  /** The signed-in user's ID token; `fresh` asks the identity service for a new one. */
  async idToken(fresh = false): Promise<string | null> {
    const { auth } = await this.load();
    return (await auth.currentUser?.getIdToken(fresh)) ?? null;
  }

  /** Who is signed in, without loading the SDK: no one while it was never loaded. */
  async currentUser(): Promise<User | null> {
    return this.handle ? (await this.handle).auth.currentUser : null;
  }

  private load(): Promise<AuthHandle> {
    this.handle ??= import('firebase/auth').then((mod) => {
      // localStorage rather than getAuth()'s IndexedDB: with a service worker controlling the
      // page (ours caches the site), the IndexedDB persistence pings the worker and waits up to
      // 800 ms for an answer ours never gives, on every sign-in and token change.
      const auth = mod.initializeAuth(this.app, { persistence: [mod.browserLocalPersistence, mod.inMemoryPersistence] });
      const url = this.config.emulators?.auth;
      if (url) mod.connectAuthEmulator(auth, url, { disableWarnings: true });
      return { auth, mod };
    });
    return this.handle;
  }
}

async function toSignedInUser(user: User): Promise<SignedInUser> {
  const token = await user.getIdTokenResult();
  return { uid: user.uid, email: user.email, isAdmin: token.claims['admin'] === true };
}
