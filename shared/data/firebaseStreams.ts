import { Observable } from 'rxjs';
import { onValue, type Query } from 'firebase/database';

/** A live value listener as an Observable: subscribing listens, unsubscribing stops. */
export function valueOf(query: Query): Observable<unknown> {
  return new Observable<unknown>((subscriber) =>
    onValue(
      query,
      (snapshot) => subscriber.next(snapshot.val()),
      (error) => subscriber.error(error),
    ),
  );
}
