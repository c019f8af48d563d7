import { Observable, asyncScheduler, subscribeOn } from 'rxjs';
import { onValue, type Query } from 'firebase/database';

/**
 * A live value listener as an Observable: subscribing listens, unsubscribing stops.
 *
 * The listener starts in a task of its own. Registering one costs the SDK a few milliseconds
 * of a slow phone's time (its sync tree, the listen message); a page opening 20 of them at
 * once (the home page's games, each chart month) would otherwise block the main thread for
 * 50 ms or more in the one task that subscribes them all.
 */
export function valueOf(query: Query): Observable<unknown> {
  return new Observable<unknown>((subscriber) =>
    onValue(
      query,
      (snapshot) => subscriber.next(snapshot.val()),
      (error) => subscriber.error(error),
    ),
  ).pipe(subscribeOn(asyncScheduler));
}
