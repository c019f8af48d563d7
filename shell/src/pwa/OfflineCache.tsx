import { useEffect } from 'react';
import { useLocation } from '../router/router.tsx';

/** What the worker is asked to keep: a page's address and files the page fetched. */
export function warmMessage(page: string, resources: readonly { name: string }[]): { type: 'warm'; page: string; urls: string[] } {
  return { type: 'warm', page, urls: resources.map((entry) => entry.name) };
}

/** The active worker, once registered; null without service workers or when it fails. */
let worker: Promise<ServiceWorker | null> | undefined;
function activeWorker(): Promise<ServiceWorker | null> {
  worker ??= navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active)
    .catch((error: unknown) => {
      console.warn('offline cache: no service worker', error);
      return null;
    });
  return worker;
}

/**
 * Registers the service worker on every visit (not only for push) and hands it each page the
 * visitor sees and every file the page fetches (the remotes load theirs later, and the first
 * visit's files come before the worker can serve them). The next visit then paints from the
 * worker's cache at once, online or offline (public/sw.js).
 */
export function OfflineCache() {
  const { pathname } = useLocation();

  useEffect(() => {
    if (!('serviceWorker' in navigator) || typeof PerformanceObserver === 'undefined') return undefined;
    let observer: PerformanceObserver | undefined;
    let active = true;
    void activeWorker().then((sw) => {
      if (!sw || !active) return;
      // buffered: the files fetched before the worker was ready come first.
      observer = new PerformanceObserver((list) => sw.postMessage(warmMessage('', list.getEntries())));
      observer.observe({ type: 'resource', buffered: true });
    });
    return () => {
      active = false;
      observer?.disconnect();
    };
  }, []);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    void activeWorker().then((sw) => sw?.postMessage(warmMessage(window.location.href, [])));
  }, [pathname]);

  return null;
}
