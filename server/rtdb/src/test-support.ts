/** Helpers shared by this package's tests: temporary servers, SDK clients, a raw wire-protocol client. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectDatabaseEmulator, getDatabase, type Database } from 'firebase/database';
import { WebSocket } from 'ws';
import { startRtdb, type RtdbOptions, type RtdbServer } from './server.ts';

export const PROJECT_ID = 'demo-satta';

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `rtdb-${prefix}-`));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Namespaces made by freshNamespace: test servers are configured with them (the server reads the set live). */
const testNamespaces = new Set<string>();

/** A namespace no other test uses: each is an independent database. */
export function freshNamespace(): string {
  const name = `t${randomBytes(6).toString('hex')}`;
  testNamespaces.add(name);
  return name;
}

export function writeRules(dir: string, rules: object): string {
  const file = join(dir, 'rules.json');
  writeFileSync(file, JSON.stringify(rules));
  return file;
}

export async function startTestServer(
  options: Partial<RtdbOptions> = {},
): Promise<{ server: RtdbServer; dataDir: string; stop(): Promise<void> }> {
  const dataDir = options.dataDir ?? tempDir('data');
  const server = await startRtdb({ port: 0, host: '127.0.0.1', namespaces: testNamespaces, ...options, dataDir });
  return {
    server,
    dataDir,
    async stop() {
      await server.close();
      removeDir(dataDir);
    },
  };
}

export interface SdkClient {
  app: FirebaseApp;
  db: Database;
}

let appCounter = 0;

/** A separate Firebase app (own connection) on namespace `ns`, optionally signed in with `token`. */
export function sdkClient(port: number, ns: string, token?: string): SdkClient {
  const app = initializeApp({ projectId: PROJECT_ID, databaseURL: `http://127.0.0.1:${port}?ns=${ns}` }, `rtdb-test-${++appCounter}`);
  const db = getDatabase(app);
  connectDatabaseEmulator(db, '127.0.0.1', port, token === undefined ? {} : { mockUserToken: token });
  return { app, db };
}

export async function deleteClients(clients: SdkClient[]): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => deleteApp(c.app)));
}

/** An ID token as the Auth emulator issues them: an unsigned JWT (alg "none", empty signature). */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    firebase: { sign_in_provider: 'password', identities: {} },
    ...claims,
  };
  const enc = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'none', typ: 'JWT' })}.${enc(payload)}.`;
}

export async function until(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface WireMessage {
  t: string;
  d: Record<string, unknown>;
}

/** A minimal client of the wire protocol, to see exactly what the server sends. */
export class WireClient {
  readonly messages: WireMessage[] = [];
  private nextRequest = 0;
  private readonly waiting = new Map<number, (body: { s: string; d: unknown }) => void>();

  /** Every text frame as received, before reassembly. */
  readonly frames: string[] = [];
  private expectedFrames = 0;
  private pending: string[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = String(data);
      this.frames.push(text);
      // The server announces a long message with a frame holding only the count of frames that follow.
      if (this.expectedFrames === 0 && /^\d{1,6}$/.test(text)) {
        this.expectedFrames = Number(text);
        return;
      }
      if (this.expectedFrames > 0) {
        this.pending.push(text);
        if (this.pending.length < this.expectedFrames) return;
        this.expectedFrames = 0;
        this.receive(this.pending.splice(0).join(''));
        return;
      }
      this.receive(text);
    });
  }

  private receive(text: string): void {
    const msg = JSON.parse(text) as WireMessage;
    this.messages.push(msg);
    const r = msg.d.r;
    if (msg.t === 'd' && typeof r === 'number') {
      this.waiting.get(r)?.(msg.d.b as { s: string; d: unknown });
      this.waiting.delete(r);
    }
  }

  /** Sends raw text frames (to exercise the client's framing). */
  sendFrames(frames: string[]): void {
    for (const f of frames) this.ws.send(f);
  }

  static async connect(port: number, ns: string): Promise<WireClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/.ws?ns=${ns}&v=5`);
    const client = new WireClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await until(() => client.messages.length > 0, 5000, 'handshake');
    return client;
  }

  get handshake(): WireMessage | undefined {
    return this.messages[0];
  }

  request(action: string, body: Record<string, unknown>): Promise<{ s: string; d: unknown }> {
    const r = ++this.nextRequest;
    return new Promise((resolve) => {
      this.waiting.set(r, resolve);
      this.ws.send(JSON.stringify({ t: 'd', d: { r, a: action, b: body } }));
    });
  }

  /** Data pushes (`d`/`m`) received so far. */
  pushes(): Array<{ a: string; b: { p: string; d: unknown; t?: number } }> {
    return this.messages
      .filter((m) => m.t === 'd' && typeof m.d.a === 'string')
      .map((m) => m.d as { a: string; b: { p: string; d: unknown; t?: number } });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === this.ws.CLOSED) return resolve();
      const timer = setTimeout(() => this.ws.terminate(), 1000);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close();
    });
  }
}

/**
 * fetch, sent once more when its connection failed before any answer: fetch keeps idle
 * connections open for the next request, and it can pick one the server is closing at that moment
 * (its keep-alive time is up). The request then fails with ECONNRESET, or with undici's
 * UND_ERR_SOCKET "other side closed" when the whole request was written before the close was seen
 * (a 256 KB PUT in rest-stream.hostile.test.ts, 0 bytes read). Browsers send such a request again
 * too. Only for requests that may be repeated (GET, PUT).
 */
export async function fetchOnce(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    const closedBeforeAnswer = code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
    if (!closedBeforeAnswer || init.signal?.aborted === true || (init.method ?? 'GET') === 'POST') throw error;
    return fetch(url, init);
  }
}

/** A write as the owner over REST (`auth=owner`, which the rules do not bind); throws unless it is acknowledged. */

export async function ownerWrite(baseUrl: string, method: string, ns: string, path: string, body?: unknown): Promise<void> {
  const res = await fetchOnce(`${baseUrl}/${path}.json?ns=${ns}&auth=owner`, { method, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
}

export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * A Server-Sent Events client on fetch that reads the stream as EventSource does (the `event:` type,
 * `data:` lines joined with newlines) and parses each event's data as JSON, as Firebase's clients do.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  /** The body as received, for assertions on the literal format. */
  text = '';
  /** The server ended the body, or the connection ended. */
  ended = false;
  private readonly wakers = new Set<() => void>();

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    if (response.status === 200 && response.body !== null) void this.read(response.body);
  }

  /** Opens a stream of `url`; a refusal (non-200) is left for the caller to read from `response`. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const controller = new AbortController();
    const response = await fetchOnce(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: controller.signal });
    return new SseClient(response, controller);
  }

  /** All events once there are at least `count`. */
  async waitForEvents(count: number, ms = 5000): Promise<SseEvent[]> {
    await this.wait(() => this.events.length >= count, `${count} events`, ms);
    return this.events;
  }

  /** Resolves once `check` holds, looking again at each chunk that arrives. */
  waitUntil(check: () => boolean, what: string, ms = 5000): Promise<void> {
    return this.wait(check, what, ms);
  }

  async waitForEnd(ms = 5000): Promise<void> {
    await this.wait(() => this.ended, 'the end of the stream', ms);
  }

  /** Closes the connection, as a page that goes away does. */
  abort(): void {
    this.controller.abort();
  }

  private wait(check: () => boolean, what: string, ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.wakers.delete(wake);
        reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(this.text)}`));
      }, ms);
      const wake = (): void => {
        if (!check()) {
          if (this.ended) {
            clearTimeout(timer);
            this.wakers.delete(wake);
            reject(new Error(`stream ended while waiting for ${what}; received ${JSON.stringify(this.text)}`));
          }
          return;
        }
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      this.wakers.add(wake);
      wake();
    });
  }

  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    // Streaming decode: a character may be split between chunks.
    const decoder = new TextDecoder();
    let buffer = '';
    let type = '';
    let data: string[] = [];
    const onLine = (line: string): void => {
      if (line === '') {
        if (data.length > 0) this.events.push({ event: type || 'message', data: JSON.parse(data.join('\n')) as unknown });
        type = '';
        data = [];
        return;
      }
      if (line.startsWith(':')) return;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
    };
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        const text = decoder.decode(chunk.value, { stream: true });
        this.text += text;
        buffer += text;
        // A lone CR at the end may be the first half of a CRLF still on its way.
        for (let m = /\r\n|\n|\r(?!$)/.exec(buffer); m !== null; m = /\r\n|\n|\r(?!$)/.exec(buffer)) {
          onLine(buffer.slice(0, m.index));
          buffer = buffer.slice(m.index + m[0].length);
        }
        this.wakeAll();
      }
    } catch {
      // Aborted by the test, or the connection was reset: either way the stream is over.
    } finally {
      this.ended = true;
      this.wakeAll();
    }
  }
}

/**
 * A client's copy of a streamed location after `event`, applied as Firebase documents it: `put` replaces
 * the data at its path, `patch` replaces each of the given children there.
 */
export function applyStreamEvent(cache: unknown, event: SseEvent): unknown {
  const { path, data } = event.data as { path: string; data: unknown };
  const at = path.split('/').filter((k) => k !== '');
  if (event.event === 'put') return setIn(cache, at, data);
  if (event.event !== 'patch') return cache;
  let next = cache;
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) next = setIn(next, [...at, key], value);
  return next;
}

function setIn(node: unknown, path: string[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const copy: Record<string, unknown> = node !== null && typeof node === 'object' ? { ...(node as Record<string, unknown>) } : {};
  copy[key] = setIn(copy[key], rest, value);
  return copy;
}

/**
 * Data as Firebase means it, to compare what clients hold: arrays become objects, null children and
 * objects left empty disappear.
 */
export function normalized(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const n = normalized(child);
    if (n !== null) out[key] = n;
  }
  return Object.keys(out).length === 0 ? null : out;
}
