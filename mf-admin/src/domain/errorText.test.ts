import { describe, expect, it } from 'vitest';
import { DataError } from '@satta/shared/data';
import { noDrawRefused } from '@satta/shared/domain/messages';
import { errorText } from './errorText.ts';
import { WriteCancelledError, WritePendingError, type PendingWrite } from '../hooks/pendingWrites.ts';

/** An error as the Firebase SDKs build them: a message and a code. */
function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('errorText', () => {
  it.each<[string, unknown, string]>([
    [
      'a wrong current password',
      coded('Firebase: Error (auth/wrong-password).', 'auth/wrong-password'),
      'The current password is not correct.',
    ],
    [
      'an invalid credential',
      coded('Firebase: Error (auth/invalid-credential).', 'auth/invalid-credential'),
      'The current password is not correct.',
    ],
    ['the code only in the message', new Error('Firebase: Error (auth/wrong-password).'), 'The current password is not correct.'],
    [
      'no network for Auth',
      coded('Firebase: Error (auth/network-request-failed).', 'auth/network-request-failed'),
      'No connection to the server; try again.',
    ],
    ['a read while offline', new Error('Client is offline.'), 'No connection to the server; try again.'],
    ['fetch without a host', new TypeError('Failed to fetch'), 'No connection to the server; try again.'],
    [
      'too many attempts',
      coded('Firebase: Error (auth/too-many-requests).', 'auth/too-many-requests'),
      'Too many attempts; wait a few minutes and try again.',
    ],
    [
      'a weak password',
      coded('Firebase: Password should be at least 6 characters (auth/weak-password).', 'auth/weak-password'),
      'The new password is too weak: use at least 6 characters.',
    ],
    [
      'an old sign-in',
      coded('Firebase: Error (auth/requires-recent-login).', 'auth/requires-recent-login'),
      'For this change, sign out, sign in again and repeat it.',
    ],
    [
      'a write the rules refuse',
      coded('PERMISSION_DENIED: Permission denied', 'PERMISSION_DENIED'),
      'You are not allowed to make this change; sign in again as the admin.',
    ],
    [
      'the same without a code',
      new Error('PERMISSION_DENIED: Permission denied'),
      'You are not allowed to make this change; sign in again as the admin.',
    ],
    [
      'a lower-case code',
      coded('permission_denied at /mian: denied', 'permission_denied'),
      'You are not allowed to make this change; sign in again as the admin.',
    ],
    [
      'an unknown code',
      coded('Firebase: Error (auth/internal-error).', 'auth/internal-error'),
      'The server refused the change (auth/internal-error); try again.',
    ],
    [
      'a message without a code, as it is',
      new Error('Number must be two digits from 00 to 99.'),
      'Number must be two digits from 00 to 99.',
    ],
    [
      'a number the data service refused',
      new DataError('data/invalid-number', 'bad number 100'),
      'Number must be two digits from 00 to 99.',
    ],
    ['a game time it refused', new DataError('data/invalid-time', 'bad time'), 'Time must look like HH:MM AM/PM.'],
    [
      'an undo window it refused',
      new DataError('data/invalid-undo-window', 'bad window'),
      'The undo window must be a whole number of seconds from 0 to 600.',
    ],
    ['no one signed in', new DataError('data/not-signed-in', 'no user'), 'Not signed in.'],
    ['a refused value it names', new DataError('data/invalid-date', 'Invalid date: 2026-13-01'), 'Invalid date: 2026-13-01'],
    [
      'a number for a day without a draw',
      new DataError('data/no-draw', noDrawRefused('Gali', '26-11-2026')),
      'Gali has no draw on 26-11-2026: the day is marked in Days without a draw. Remove the mark first to publish a number.',
    ],
    [
      'a no-draw mark for a day with a number',
      new DataError(
        'data/no-draw-has-number',
        'Gali already has 42 on 26-11-2026, so the day cannot be marked as having no draw. Undo or correct the number first.',
      ),
      'Gali already has 42 on 26-11-2026, so the day cannot be marked as having no draw. Undo or correct the number first.',
    ],
    ['a thrown string', 'Not signed in.', 'Not signed in.'],
    ['anything else', 42, '42'],
  ])('%s', (_name, error, text) => {
    expect(errorText(error)).toBe(text);
  });

  it('words a write not acknowledged in time, or cancelled, as the queue does (a form that knows no better shows it)', () => {
    const write: PendingWrite = { id: 1, label: 'Gali time: 11:30 PM', done: 'saved', startedAt: 0, state: 'waiting', listed: true };
    const text = 'No connection: not saved yet. It will be sent when the connection returns.';
    expect(errorText(new WritePendingError(write, text, Promise.resolve(write)))).toBe(text);
    expect(errorText(new WriteCancelledError('Cancelled: nothing was sent.'))).toBe('Cancelled: nothing was sent.');
  });
});
