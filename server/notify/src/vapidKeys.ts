import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Where they came from, for the start-up log. */
  source: 'environment' | 'generated' | 'file';
}

/**
 * The VAPID key pair. Production passes it in the environment: a browser's subscription is bound
 * to the public key, so a new key would silently orphan every subscriber. A developer machine
 * gets a pair generated on first start and kept in the data folder for the same reason.
 */
export function resolveVapidKeys(options: {
  publicKey?: string;
  privateKey?: string;
  subject: string;
  dataDir: string;
  allowGenerate: boolean;
}): VapidKeys {
  const { publicKey, privateKey, subject } = options;
  if (publicKey && privateKey) return { publicKey, privateKey, subject, source: 'environment' };
  if (publicKey || privateKey) throw new Error('notify: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  if (!options.allowGenerate) {
    throw new Error(
      'notify: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production (generate them once with `npx web-push generate-vapid-keys`)',
    );
  }
  const file = join(options.dataDir, 'vapid.json');
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject, source: 'file' };
    }
    throw new Error(`notify: ${file} holds no publicKey/privateKey; delete it to generate a new pair`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(options.dataDir, { recursive: true });
  // 0600: the private key signs every push request of this service.
  writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
  return { ...generated, subject, source: 'generated' };
}
