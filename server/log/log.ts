import { format } from 'node:util';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The services' logs. On Cloud Run (`K_SERVICE` is set) or with `LOG_FORMAT=json`, every line
 * is one JSON object in Cloud Logging's structured format (`severity`, `message`, and for a
 * request `httpRequest` and the request's trace), so that a stack trace stays one entry and
 * the console can filter by severity, status or trace. Elsewhere (`npm start`, tests) lines
 * stay plain text, as they always were.
 *
 * `structuredConsole()` routes `console.log/info/warn/error` through the same format, so the
 * services' own lines and those of their libraries (firebase-admin's warnings) are all
 * structured; `logEvent` adds fields of its own (a published result's counts) and
 * `logRequest` writes the one line per request.
 */
export type Severity = 'DEBUG' | 'INFO' | 'NOTICE' | 'WARNING' | 'ERROR' | 'CRITICAL';

export interface LogSink {
  write(line: string): unknown;
}

interface LogState {
  json: boolean;
  /** Every request gets a line in JSON mode; as plain text only when LOG_REQUESTS=1. */
  requests: boolean;
  project: string | undefined;
  out: LogSink;
}

const state: LogState = { json: false, requests: false, project: undefined, out: process.stdout };

/** Whether logs are JSON for Cloud Logging: on Cloud Run, or when LOG_FORMAT=json asks for it. */
export function wantsJson(env: NodeJS.ProcessEnv): boolean {
  if (env.LOG_FORMAT) return env.LOG_FORMAT === 'json';
  return Boolean(env.K_SERVICE);
}

/**
 * Sets the format from the environment and, in JSON mode, sends the console through it.
 * Called first thing by each service's main.
 */
export function structuredConsole(env: NodeJS.ProcessEnv = process.env, out: LogSink = process.stdout): void {
  state.json = wantsJson(env);
  state.requests = state.json || env.LOG_REQUESTS === '1';
  state.project = env.GOOGLE_CLOUD_PROJECT ?? env.GCLOUD_PROJECT ?? env.FIREBASE_PROJECT_ID;
  state.out = out;
  if (!state.json) return;
  const as =
    (severity: Severity) =>
    (...args: unknown[]) =>
      logEvent(severity, format(...args));
  console.log = as('INFO');
  console.info = as('INFO');
  console.debug = as('DEBUG');
  console.warn = as('WARNING');
  console.error = as('ERROR');
}

/** One log entry: a JSON line with `fields`, or the message as plain text. */
export function logEvent(severity: Severity, message: string, fields: Record<string, unknown> = {}): void {
  if (state.json) {
    state.out.write(`${JSON.stringify({ severity, message, ...fields })}\n`);
    return;
  }
  const line = `${message}\n`;
  if (severity === 'ERROR' || severity === 'CRITICAL' || severity === 'WARNING') process.stderr.write(line);
  else state.out.write(line);
}

/**
 * Cloud Logging's trace field from the request's trace header (Cloud Run's
 * `X-Cloud-Trace-Context: TRACE/SPAN;o=1`, or W3C `traceparent`), so the request line and the
 * load balancer's entry are grouped. Undefined without a project or a header.
 */
export function traceOf(headers: IncomingHttpHeaders, project = state.project): string | undefined {
  if (!project) return undefined;
  const cloud = headers['x-cloud-trace-context'];
  const fromCloud = typeof cloud === 'string' ? /^([0-9a-f]{32})\//i.exec(cloud)?.[1] : undefined;
  const parent = headers.traceparent;
  const fromParent = typeof parent === 'string' ? /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/i.exec(parent)?.[1] : undefined;
  const trace = fromCloud ?? fromParent;
  return trace ? `projects/${project}/traces/${trace.toLowerCase()}` : undefined;
}

/** Whether requests get a line (JSON mode, or LOG_REQUESTS=1): a busy server skips the bookkeeping otherwise. */
export function logsRequests(): boolean {
  return state.requests;
}

export interface RequestLine {
  method: string;
  /** The path and query as asked. */
  url: string;
  status: number;
  /** From the request's arrival to the last byte handed to the socket. */
  ms: number;
  headers: IncomingHttpHeaders;
  remoteIp?: string;
  responseSize?: number;
}

/** The line of one request: `GET /chart 200 3.1 ms`, with Cloud Logging's `httpRequest` in JSON. */
export function logRequest(service: string, request: RequestLine): void {
  if (!state.requests) return;
  const severity: Severity = request.status >= 500 ? 'ERROR' : request.status >= 400 ? 'WARNING' : 'INFO';
  const message = `${service}: ${request.method} ${request.url} ${request.status} ${request.ms.toFixed(1)} ms`;
  const trace = traceOf(request.headers);
  logEvent(severity, message, {
    httpRequest: {
      requestMethod: request.method,
      requestUrl: request.url,
      status: request.status,
      latency: `${(request.ms / 1000).toFixed(6)}s`,
      ...(request.responseSize === undefined ? {} : { responseSize: String(request.responseSize) }),
      ...(typeof request.headers['user-agent'] === 'string' ? { userAgent: request.headers['user-agent'] } : {}),
      ...(request.remoteIp ? { remoteIp: request.remoteIp } : {}),
    },
    ...(trace ? { 'logging.googleapis.com/trace': trace } : {}),
  });
}

/**
 * A configuration error at start: one line naming the variable or option, then exit 1. The
 * operator sees what to fix without reading a stack trace.
 */
export function exitWithConfigError(service: string, message: string): never {
  logEvent('CRITICAL', `${service}: configuration error: ${message}`);
  process.exit(1);
}
