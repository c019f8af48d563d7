/**
 * CLI: tsx server/rtdb/src/main.ts --port 9000 --host 127.0.0.1 --data .data/rtdb --rules database.rules.json --project demo-satta
 * Prints `rtdb: listening on http://HOST:PORT` when ready (harnesses wait for that line); any failure to
 * start is one line on stderr and exit code 1.
 */
import { parseArgs } from 'node:util';
import { startRtdb, type RtdbServer } from './server.ts';
import { DEFAULT_PROJECT_ID } from './defaults.ts';

const USAGE = `usage: main.ts [--port 9000] [--host 127.0.0.1] [--data .data/rtdb] [--rules <file>] [--project demo-satta] [--namespace <default ns>] [--compact-bytes <log size>] [--max-message-bytes <size>] [--max-connections <count>] [--max-connections-per-address <count>] [--max-client-buffer-bytes <size>] [--max-body-bytes <size>] [--stream-redirect] [--verbose]`;

function fail(message: string): never {
  process.stderr.write(`rtdb: ${message}\n`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string', default: '9000' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: '.data/rtdb' },
      rules: { type: 'string' },
      project: { type: 'string', default: DEFAULT_PROJECT_ID },
      namespace: { type: 'string' },
      'compact-bytes': { type: 'string' },
      'max-message-bytes': { type: 'string' },
      'max-connections': { type: 'string' },
      'max-connections-per-address': { type: 'string' },
      'max-client-buffer-bytes': { type: 'string' },
      'max-body-bytes': { type: 'string' },
      'stream-redirect': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message} (${USAGE})`);
}
if (args.help) {
  process.stdout.write(USAGE + '\n');
  process.exit(0);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${args.port}`);
const compactBytes = args['compact-bytes'] === undefined ? undefined : Number(args['compact-bytes']);
if (compactBytes !== undefined && !(compactBytes > 0)) fail(`invalid --compact-bytes ${args['compact-bytes']}`);
const maxMessageBytes = args['max-message-bytes'] === undefined ? undefined : Number(args['max-message-bytes']);
if (maxMessageBytes !== undefined && !(Number.isSafeInteger(maxMessageBytes) && maxMessageBytes > 0))
  fail(`invalid --max-message-bytes ${args['max-message-bytes']}`);
const maxConnections = args['max-connections'] === undefined ? undefined : Number(args['max-connections']);
if (maxConnections !== undefined && !(Number.isSafeInteger(maxConnections) && maxConnections > 0))
  fail(`invalid --max-connections ${args['max-connections']}`);
const maxConnectionsPerAddress =
  args['max-connections-per-address'] === undefined ? undefined : Number(args['max-connections-per-address']);
if (maxConnectionsPerAddress !== undefined && !(Number.isSafeInteger(maxConnectionsPerAddress) && maxConnectionsPerAddress > 0))
  fail(`invalid --max-connections-per-address ${args['max-connections-per-address']}`);
const maxClientBufferBytes = args['max-client-buffer-bytes'] === undefined ? undefined : Number(args['max-client-buffer-bytes']);
if (maxClientBufferBytes !== undefined && !(Number.isSafeInteger(maxClientBufferBytes) && maxClientBufferBytes > 0))
  fail(`invalid --max-client-buffer-bytes ${args['max-client-buffer-bytes']}`);
const maxBodyBytes = args['max-body-bytes'] === undefined ? undefined : Number(args['max-body-bytes']);
if (maxBodyBytes !== undefined && !(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0))
  fail(`invalid --max-body-bytes ${args['max-body-bytes']}`);

let server: RtdbServer;
try {
  server = await startRtdb({
    port,
    host: args.host,
    dataDir: args.data,
    rulesFile: args.rules,
    projectId: args.project,
    defaultNamespace: args.namespace,
    compactBytes,
    maxMessageBytes,
    maxConnections,
    maxConnectionsPerAddress,
    maxClientBufferBytes,
    maxBodyBytes,
    streamRedirect: args['stream-redirect'],
    log: args.verbose ? (line) => process.stderr.write(`rtdb: ${line}\n`) : undefined,
    onFatal: (err) => fail(`storage failure, stopping: ${err.message}`),
  });
} catch (err) {
  fail((err as Error).message);
}

if (server.streamPort !== undefined) process.stdout.write(`rtdb: streams answered 307 to port ${server.streamPort}\n`);
process.stdout.write(`rtdb: listening on ${server.url}\n`);
process.stdout.write(`rtdb: data ${args.data}, rules ${args.rules ?? '(open)'}, default namespace ${server.defaultNamespace}\n`);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  server.close().then(
    () => process.exit(0),
    (err: unknown) => fail(`error while stopping: ${(err as Error).message}`),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
