import { useSyncExternalStore } from 'react';

/**
 * Whether this browser holds a signed-in admin, read from where Firebase Auth keeps the user
 * (localStorage, `firebase:authUser:{apiKey}:{app}`; see shared/data/service.ts). Only a hint
 * for the navigation's label: subscribing to the user would download the auth SDK on every
 * public page. The dashboard itself checks the real sign-in.
 */
export function hasStoredUser(store: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  if (!store) return false;
  for (let i = 0; i < store.length; i += 1) {
    if (store.key(i)?.startsWith('firebase:authUser:')) return true;
  }
  return false;
}

function browserStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage blocked by the browser's settings: treat as signed out.
    return undefined;
  }
}

// Sign-in and sign-out happen in this tab (the route changes, see useSignedInHint) or in another
// one (a storage event).
function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** The hint, read again on every render (so after each navigation); false on the server. */
export function useSignedInHint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasStoredUser(browserStore()),
    () => false,
  );
}
