import { createContext, useContext } from 'react';

/** true once the splash has gone, so that nothing (e.g. the notification prompt) covers it. */
export const SplashDoneContext = createContext(true);

export function useSplashDone(): boolean {
  return useContext(SplashDoneContext);
}
