import { useMemo } from 'react';
import { of, catchError, map } from 'rxjs';
import { dataService, type SignedInUser, useObservable } from '@satta/shared/data';

export type UserState = { status: 'checking' } | { status: 'known'; user: SignedInUser | null } | { status: 'failed'; error: unknown };

const CHECKING: UserState = { status: 'checking' };

/**
 * The signed-in user. Only the sign-in and dashboard routes call this: subscribing is what
 * downloads the auth SDK, which a visitor of the public pages must never pay for.
 */
export function useUser(): UserState {
  const state$ = useMemo(
    () =>
      dataService().admin.user$.pipe(
        map((user): UserState => ({ status: 'known', user })),
        catchError((error: unknown) => {
          console.error('auth: could not read the signed-in user', error);
          return of<UserState>({ status: 'failed', error });
        }),
      ),
    [],
  );
  return useObservable(state$, CHECKING);
}
