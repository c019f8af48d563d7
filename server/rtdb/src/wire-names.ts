/**
 * The words of the Realtime Database wire protocol, named. The client minifies its messages to one- or
 * two-letter keys; these are the names firebase-js-sdk gives them (its Connection, PersistentConnection,
 * BrowserPollConnection and queryParamsGetQueryObject), so the server's code can be read side by side
 * with the client's. Only the words this server reads or writes are listed.
 */

/** The two keys of every envelope, and of the control message inside a control envelope. */
export const ENVELOPE = { TYPE: 't', DATA: 'd' } as const;

/** Values of an envelope's type. */
export const MESSAGE = { CONTROL: 'c', DATA: 'd' } as const;

/** Types of control messages (the client's CONTROL_*, SERVER_HELLO, PING, SWITCH_ACK, END_TRANSMISSION). */
export const CONTROL = {
  /** Server to client, first message: timestamp, version, host, session id. */
  HANDSHAKE: 'h',
  PING: 'p',
  PONG: 'o',
  /** Server to client: the database is gone or refused; the client stops reconnecting. */
  SHUTDOWN: 's',
  /** Server to client on a WebSocket taking over a long-polling session: it has been recognised. */
  SWITCH_ACK: 'a',
  /** Both ways: no more messages on the long-polling side of a session moving to WebSocket. */
  END_TRANSMISSION: 'n',
} as const;

/** Keys of the handshake's data. */
export const HANDSHAKE = { TIMESTAMP: 'ts', VERSION: 'v', HOST: 'h', SESSION_ID: 's' } as const;

/** Keys of a data message: a request `{r, a, b}`, its response `{r, b}`, or a push `{a, b}`. */
export const MESSAGE_FIELD = { REQUEST_NUMBER: 'r', ACTION: 'a', BODY: 'b' } as const;

/** Actions a client requests (PersistentConnection's sendRequest calls). */
export const ACTION = {
  LISTEN: 'q',
  UNLISTEN: 'n',
  GET: 'g',
  PUT: 'p',
  MERGE: 'm',
  ON_DISCONNECT_PUT: 'o',
  ON_DISCONNECT_MERGE: 'om',
  ON_DISCONNECT_CANCEL: 'oc',
  /** A user's ID token. */
  AUTH: 'auth',
  /** An admin SDK's credential (firebase-admin). */
  ADMIN_AUTH: 'gauth',
  UNAUTH: 'unauth',
} as const;

export type DisconnectAction = typeof ACTION.ON_DISCONNECT_PUT | typeof ACTION.ON_DISCONNECT_MERGE;

/** Actions the server pushes (PersistentConnection's onDataPush_). */
export const PUSH = { DATA: 'd', MERGE: 'm', AUTH_REVOKED: 'ac' } as const;

export type DataPushAction = typeof PUSH.DATA | typeof PUSH.MERGE;

/** Keys of a request's or push's body, and of a response's body (status and data). */
export const BODY = {
  PATH: 'p',
  DATA: 'd',
  /** The hash a transaction's put expects the current data to have. */
  HASH: 'h',
  /** A listen's or get's query object (QUERY below). */
  QUERY: 'q',
  /** Tag of a query listen: the client applies a tagged push to that query alone. */
  TAG: 't',
  STATUS: 's',
  CREDENTIAL: 'cred',
} as const;

/** Keys of the query object (the client's WIRE_PROTOCOL_CONSTANTS). */
export const QUERY = {
  INDEX: 'i',
  START_VALUE: 'sp',
  START_NAME: 'sn',
  START_INCLUSIVE: 'sin',
  END_VALUE: 'ep',
  END_NAME: 'en',
  END_INCLUSIVE: 'ein',
  LIMIT: 'l',
  VIEW_FROM: 'vf',
} as const;

/** Value of QUERY.VIEW_FROM when a limit keeps the last children. */
export const VIEW_FROM_RIGHT = 'r';

/** Query parameters of the WebSocket and long-polling URLs. */
export const URL_PARAM = {
  NAMESPACE: 'ns',
  /** On a WebSocket: the long-polling session it takes over. */
  TRANSPORT_SESSION: 's',
} as const;

/** Query parameters of long-polling requests (the client's FIREBASE_LONGPOLL_*_PARAM). */
export const LONG_POLL_PARAM = {
  /** `start=t` opens a session. */
  START: 'start',
  CALLBACK_ID: 'cb',
  ID: 'id',
  PASSWORD: 'pw',
  /** `dframe=t`: the disconnect frame, open for the life of the page. */
  DISCONNECT_FRAME: 'dframe',
  /** Per segment i: `seg<i>` its number, `ts<i>` the segment count of its message, `d<i>` its data. */
  SEGMENT: 'seg',
  SEGMENTS_IN_MESSAGE: 'ts',
  SEGMENT_DATA: 'd',
} as const;

/** How long-polling parameters say yes. */
export const LONG_POLL_TRUE = 't';

/** Callbacks of the client's page that long-polling responses call, and their commands. */
export const LONG_POLL_CALLBACK = { COMMAND: 'pLPCommand', DATA: 'pRTLPCB' } as const;
export const LONG_POLL_COMMAND = { START: 'start', CLOSE: 'close' } as const;
