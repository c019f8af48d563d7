import { parseArgs } from 'node:util';
import { exitWithConfigError, structuredConsole } from '../../log/log.ts';
import { readConfig } from './config.ts';
import { createNotifyService } from './service.ts';

/*
 * The push notification service: `tsx src/main.ts [--port 5055] [--host 127.0.0.1]`, configured by
 * the environment (see config.ts and docs/push.md). It prints its VAPID
 * public key and then `notify: listening on http://HOST:PORT`, which scripts/stack.ts waits for.
 */
structuredConsole();
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.NOTIFY_PORT ?? process.env.PORT ?? '5055' },
    host: { type: 'string', default: process.env.NOTIFY_HOST ?? '127.0.0.1' },
  },
});

let service: ReturnType<typeof createNotifyService>;
try {
  service = createNotifyService(readConfig());
} catch (error) {
  exitWithConfigError('notify', (error as Error).message.replace(/^notify: /, ''));
}

console.log(`notify: VAPID public key ${service.vapid.publicKey} (${service.vapid.source})`);
try {
  await service.app.listen({ port: Number(values.port), host: values.host });
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    console.error(`notify: port ${values.port} on ${values.host} is already in use`);
  else console.error(`notify: could not start: ${(error as Error).message}`);
  process.exit(1);
}
const address = service.app.server.address();
const port = typeof address === 'object' && address ? address.port : values.port;
console.log(`notify: listening on http://${values.host}:${port}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`notify: stopping failed: ${String(error)}`);
        process.exit(1);
      },
    );
  });
}
