import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

/*
 * The push notification service. This first version answers its health route only; web push,
 * subscriptions and /send-test come with the push notifications issue.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.NOTIFY_PORT ?? '5055' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const server = createServer((req, res) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
  if (req.method === 'OPTIONS') {
    res.writeHead(204);
    return res.end();
  }
  if (req.url === '/health') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify({ ok: true }));
  }
  res.writeHead(404, { 'Content-Type': 'text/plain' });
  res.end('Not found');
});

server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') {
    console.error(`notify: port ${values.port} on ${values.host} is already in use`);
    process.exit(1);
  }
  throw error;
});
server.listen(Number(values.port), values.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : values.port;
  console.log(`notify: listening on http://${values.host}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
