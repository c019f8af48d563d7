import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AdminCheck } from './adminAuth.ts';
import { addressBucket, clientAddress } from './clientAddress.ts';
import type { EndpointPolicy } from './endpointPolicy.ts';
import { PREFLIGHT_HEADERS, corsHeaders } from './cors.ts';
import type { FanOutResult } from './fanOut.ts';
import type { RateLimiter } from './rateLimit.ts';
import { parseGameChoice, type GameChoice } from './gameChoice.ts';
import { parsePrevious, parseSubscription, type Subscription } from './subscription.ts';
import { SubscriptionRefusedError } from './subscriptionBounds.ts';
import { summary, testSentMessage } from './testMessage.ts';
import { BackendTimeoutError } from './timeout.ts';
import { logEvent, logRequest } from '../../log/log.ts';
import { connectionPolicy, createGuardedServer, type ConnectionPolicy } from '../../hosting/connections.ts';

export interface AppDeps {
  allowedOrigins: readonly string[];
  rateLimiter: RateLimiter;
  /** Proxies in front that append to X-Forwarded-For (0: none); see config.ts. */
  trustProxyHops: number;
  endpointPolicy: EndpointPolicy;
  vapidPublicKey: string;
  checkAdmin(authorization: string | undefined): Promise<AdminCheck>;
  /**
   * Stores a subscription once; with `previous`, the games of that earlier endpoint move to it.
   * `client` is the caller's address bucket (an IPv6 /64 as one); a SubscriptionRefusedError
   * when a bound is reached (subscriptionBounds.ts).
   */
  saveSubscription(
    subscription: Subscription,
    previous: string | null,
    client: string,
  ): Promise<{ key: string; created: boolean; games: GameChoice }>;
  /** Sets the games of the subscription with this endpoint; null when there is none. */
  setGames(endpoint: string, games: GameChoice): Promise<{ games: GameChoice } | null>;
  /** The games a choice may name (the watched games; the registry's are accepted too). */
  knownGames(): readonly string[];
  /** Lists the subscriptions and fans out, all within `deadlineMs`; a BackendTimeoutError if the list is not read in time. */
  sendTest(deadlineMs: number): Promise<FanOutResult>;
  /** The whole GET /send-test, from the request to the answer. */
  sendTestDeadlineMs: number;
  /** What the result watcher is listening to, for /health. */
  watching(): { day: string; games: string[] };
  /** Why the service is not ready to do its work (/readyz answers 503 with it), or null when it is. */
  notReady(): string | null;
  /**
   * What is done with connections that do not speak, and how many are held
   * (server/hosting/connections.ts); default: from the environment (`HTTP_*`).
   */
  connections?: ConnectionPolicy;
  log?: (line: string, fields?: Record<string, unknown>) => void;
}

/** Health routes: not rate limited (a probe must never see 429). */
const HEALTH_ROUTES = new Set(['/health', '/healthz', '/readyz']);

/** Time kept back from /send-test's deadline for answering once the fan-out has stopped. */
const ANSWER_MARGIN_MS = 1_000;

/**
 * The HTTP face of the notify service:
 *   GET  /health            liveness, and the day and games being watched
 *   GET  /healthz           liveness (the process answers), for Cloud Run's probes
 *   GET  /readyz            readiness: today's results are watched and the database is reachable
 *   GET  /vapid-public-key  { publicKey } for the runtime config
 *   POST /subscriptions     { endpoint, keys: { p256dh, auth }, previous? } -> 201 saved | 200 exists, with its key
 *                           (and `games` when the subscription follows chosen games only)
 *   PUT  /subscriptions/games  { endpoint, games: null | [name, ...] } -> 200 { status, games } | 404
 *   GET  /send-test         admin only: one test notification to every subscriber
 * Every error is JSON { error } (on /send-test with a `code`) with a 4xx status, or 503 when the
 * database or Auth did not answer in time; every route but /health is rate limited per client
 * address.
 */
export function buildApp(deps: AppDeps): FastifyInstance {
  const log = deps.log ?? ((line: string, fields?: Record<string, unknown>) => logEvent('INFO', line, fields));
  const connections = deps.connections ?? connectionPolicy();
  // Its own HTTP server: connections that send nothing, trickle or sit idle are closed, and a cap
  // answers 503 past it; every response says nosniff (server/hosting/connections.ts).
  const app = Fastify({
    logger: false,
    bodyLimit: 8 * 1024,
    serverFactory: (handler) => createGuardedServer(handler, connections, (line) => log(`notify: ${line}`)).server,
  });
  // Only JSON is accepted: a text body gets 415 instead of failing later as a shapeless string.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(corsHeaders(request.headers.origin, deps.allowedOrigins));
    // Probes, and the queue's shard deliveries (authenticated, from the queue's addresses).
    if (HEALTH_ROUTES.has(request.url) || request.url === '/shards') return;
    // Fastify's own trustProxy is not used: `true` trusts every hop (spoofable) and this Fastify
    // refuses a plain hop count, which is what a fixed chain of proxies needs.
    // An IPv6 /64 is one client: it is what one household or one server is given.
    const client = addressBucket(
      clientAddress(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'], deps.trustProxyHops),
    );
    const verdict = deps.rateLimiter.hit(client);
    if (!verdict.allowed) {
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      return reply
        .code(429)
        .header('Retry-After', String(seconds))
        .send({ error: `Too many requests; try again in ${seconds} s.` });
    }
  });

  // One line per request (Cloud Logging's httpRequest in JSON mode, server/log/log.ts).
  app.addHook('onResponse', async (request, reply) => {
    logRequest('notify', {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: reply.elapsedTime,
      headers: request.headers,
      remoteIp: request.socket.remoteAddress,
    });
  });

  app.options('*', async (_request, reply) => reply.code(204).headers(PREFLIGHT_HEADERS).send());

  app.get('/health', async () => ({ ok: true, watching: deps.watching() }));
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    const reason = deps.notReady();
    return reply
      .code(reason ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(reason ? { ok: false, reason } : { ok: true });
  });

  app.get('/vapid-public-key', async () => ({ publicKey: deps.vapidPublicKey }));

  app.post('/subscriptions', async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = parseSubscription(request.body, deps.endpointPolicy);
    if (!parsed.ok) return reply.code(400).send({ error: `Invalid subscription: ${parsed.error}` });
    const previous = parsePrevious((request.body as Record<string, unknown>)['previous'], parsed.subscription.endpoint);
    if (!previous.ok) return reply.code(400).send({ error: `Invalid subscription: ${previous.error}` });
    const client = addressBucket(
      clientAddress(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'], deps.trustProxyHops),
    );
    const { key, created, games } = await deps.saveSubscription(parsed.subscription, previous.previous, client);
    // `games` only when chosen: every game is the default and says nothing.
    return reply.code(created ? 201 : 200).send({ status: created ? 'saved' : 'exists', key, ...(games === null ? {} : { games }) });
  });

  // The endpoint is the proof of holding the subscription (it is a secret the browser and the
  // push service share with us), so it travels in the body, never in the logged URL.
  app.put('/subscriptions/games', async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return reply.code(400).send({ error: 'Expected a JSON object { endpoint, games }.' });
    }
    const { endpoint, games } = body as Record<string, unknown>;
    if (typeof endpoint !== 'string' || endpoint.length === 0 || endpoint.length > 2048) {
      return reply.code(400).send({ error: "endpoint must be the subscription's endpoint (a non-empty string)." });
    }
    if (!('games' in body)) return reply.code(400).send({ error: 'games must be null (every game) or a list of game names.' });
    const choice = parseGameChoice(games, deps.knownGames());
    if (!choice.ok) return reply.code(400).send({ error: choice.error });
    const saved = await deps.setGames(endpoint, choice.games);
    if (saved === null) return reply.code(404).send({ error: 'No subscription has this endpoint; subscribe first.' });
    return reply.code(200).send({ status: 'saved', games: saved.games });
  });

  app.get('/send-test', async (request, reply) => {
    const started = performance.now();
    const admin = await deps.checkAdmin(request.headers.authorization);
    if (!admin.ok) {
      if (admin.status === 401) reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(admin.status).send({ error: admin.error, code: admin.code });
    }
    // Every await above and below is bounded (the token check and the list by their timeouts),
    // and the fan-out stops a moment before the deadline, so the answer can still say what it did.
    const left = deps.sendTestDeadlineMs - (performance.now() - started) - ANSWER_MARGIN_MS;
    const result = await deps.sendTest(Math.max(0, left));
    log(`notify: test notification by ${admin.uid}: ${summary(result)}`, { event: 'test-push', uid: admin.uid, ...result });
    return reply.code(200).type('text/plain; charset=utf-8').send(testSentMessage(result));
  });

  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0] ?? ''}` }),
  );

  app.setErrorHandler(async (error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    if (error instanceof BackendTimeoutError) {
      log(`notify: ${request.method} ${request.url}: ${error.message}`);
      return reply
        .code(503)
        .header('Retry-After', '30')
        .send({ error: `${error.backend} unavailable`, code: `${error.backend}-unavailable` });
    }
    if (error instanceof SubscriptionRefusedError) {
      return reply.code(error.status).header('Retry-After', String(error.retryAfterSec)).send({ error: error.message, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ error: clientErrorText(error.code, error.message) });
    log(`notify: ${request.method} ${request.url} failed: ${error.message}`);
    return reply.code(500).send({ error: 'Internal error; the request was not completed.' });
  });

  return app;
}

/** Fastify's own parser errors, phrased for the caller. */
function clientErrorText(code: string | undefined, message: string): string {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the subscription as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send the subscription as JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return `The request body is not valid JSON: ${message}`;
    default:
      return message;
  }
}
