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
