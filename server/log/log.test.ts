import { afterEach, describe, expect, it } from 'vitest';
import { logEvent, logRequest, structuredConsole, traceOf, wantsJson } from './log.ts';

const saved = { log: console.log, info: console.info, debug: console.debug, warn: console.warn, error: console.error };
afterEach(() => {
  Object.assign(console, saved);
  structuredConsole({}, process.stdout);
});

function capture(env: NodeJS.ProcessEnv): string[] {
  const lines: string[] = [];
  structuredConsole(env, { write: (line: string) => lines.push(line) });
  return lines;
}

describe('structured logs for Cloud Logging', () => {
  it('are JSON on Cloud Run or with LOG_FORMAT=json, plain text otherwise', () => {
    expect(wantsJson({ K_SERVICE: 'satta-render' })).toBe(true);
    expect(wantsJson({ LOG_FORMAT: 'json' })).toBe(true);
    expect(wantsJson({ K_SERVICE: 'satta-render', LOG_FORMAT: 'text' })).toBe(false);
    expect(wantsJson({})).toBe(false);
  });

  it('turns console lines into one JSON entry each, with the severity, a stack trace included', () => {
    const lines = capture({ LOG_FORMAT: 'json' });
    console.log('render: listening on %s', 'http://0.0.0.0:8080');
    console.warn('render: no server bundle for mf-chart');
    console.error('render: / failed', new Error('boom'));
    expect(lines.map((line) => JSON.parse(line) as { severity: string; message: string })).toEqual([
      { severity: 'INFO', message: 'render: listening on http://0.0.0.0:8080' },
      { severity: 'WARNING', message: 'render: no server bundle for mf-chart' },
      { severity: 'ERROR', message: expect.stringMatching(/^render: \/ failed Error: boom\n\s+at /) },
    ]);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
  });

  it('writes one line per request with its status, latency and trace', () => {
    const lines = capture({ LOG_FORMAT: 'json', GOOGLE_CLOUD_PROJECT: 'satta-prod' });
    logRequest('render', {
      method: 'GET',
      url: '/chart/gali/2026?x=1',
      status: 200,
      ms: 12.5,
      headers: { 'x-cloud-trace-context': '0123456789abcdef0123456789ABCDEF/123;o=1', 'user-agent': 'Phone' },
      remoteIp: '10.0.0.7',
      responseSize: 8123,
    });
    logRequest('notify', { method: 'POST', url: '/subscriptions', status: 429, ms: 0.4, headers: {} });
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        severity: 'INFO',
        message: 'render: GET /chart/gali/2026?x=1 200 12.5 ms',
        httpRequest: {
          requestMethod: 'GET',
          requestUrl: '/chart/gali/2026?x=1',
          status: 200,
          latency: '0.012500s',
          responseSize: '8123',
          userAgent: 'Phone',
          remoteIp: '10.0.0.7',
        },
        'logging.googleapis.com/trace': 'projects/satta-prod/traces/0123456789abcdef0123456789abcdef',
      },
      {
        severity: 'WARNING',
        message: 'notify: POST /subscriptions 429 0.4 ms',
        httpRequest: { requestMethod: 'POST', requestUrl: '/subscriptions', status: 429, latency: '0.000400s' },
      },
    ]);
  });

  it('keeps events’ own fields', () => {
    const lines = capture({ LOG_FORMAT: 'json' });
    logEvent('NOTICE', 'notify: Gali 42 (2026-11-25) sent to 3', { game: 'Gali', sent: 3 });
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      severity: 'NOTICE',
      message: 'notify: Gali 42 (2026-11-25) sent to 3',
      game: 'Gali',
      sent: 3,
    });
  });

  it('reads a W3C traceparent too, and gives no trace without a project', () => {
    const headers = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
    expect(traceOf(headers, 'p')).toBe('projects/p/traces/4bf92f3577b34da6a3ce929d0e0e4736');
    expect(traceOf(headers, undefined)).toBeUndefined();
    expect(traceOf({ 'x-cloud-trace-context': 'not-a-trace' }, 'p')).toBeUndefined();
  });

  it('as plain text, requests are not logged unless LOG_REQUESTS=1', () => {
    const lines = capture({});
    logRequest('render', { method: 'GET', url: '/', status: 200, ms: 1, headers: {} });
    expect(lines).toEqual([]);
    const logged = capture({ LOG_REQUESTS: '1' });
    logRequest('render', { method: 'GET', url: '/', status: 200, ms: 1, headers: {} });
    expect(logged).toEqual(['render: GET / 200 1.0 ms\n']);
  });
});
