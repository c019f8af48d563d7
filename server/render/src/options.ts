import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { RuntimeConfig } from '@satta/shared/data';

/** What main.ts starts the service with, checked: every problem is one sentence naming the option or variable. */
export interface RenderStartOptions {
  port: number;
  host: string;
  config: RuntimeConfig;
  mounts: Record<string, string>;
  site: string | undefined;
}

export class ConfigError extends Error {}

/**
 * `--port` (or `PORT`), `--host`, `--config <runtime config.json>` (required), `--mount
 * <prefix>=<folder>` (repeatable, `/` is the shell's build), `--site https://…` (or
 * `RENDER_SITE`). Throws a ConfigError naming what is wrong.
 */
export function readRenderOptions(args: string[], env: NodeJS.ProcessEnv): RenderStartOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        config: { type: 'string' },
        mount: { type: 'string', multiple: true, default: [] },
        site: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const portText = values.port ?? env.PORT ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) {
    throw new ConfigError(
      `${values.port === undefined && env.PORT !== undefined ? 'PORT' : '--port'} must be a port number (0-65535), not '${portText}'`,
    );
  }
  if (!values.config) throw new ConfigError('--config <runtime config.json> is required: the site’s /config.json');
  const config = readConfigFile(values.config);
  const mounts: Record<string, string> = {};
  for (const mount of values.mount) {
    const at = mount.indexOf('=');
    if (at <= 0 || !mount.startsWith('/')) throw new ConfigError(`--mount must be <path prefix>=<folder>, such as /=shell, not '${mount}'`);
    mounts[mount.slice(0, at)] = mount.slice(at + 1);
  }
  if (!mounts['/']) throw new ConfigError('--mount /=<folder> is required: the shell’s build (its index.html and server/widgets.mjs)');
  const site = values.site ?? (env.RENDER_SITE || undefined);
  if (site !== undefined) {
    const name = values.site === undefined ? 'RENDER_SITE' : '--site';
    let url: URL;
    try {
      url = new URL(site);
    } catch {
      throw new ConfigError(`${name} must be the site’s origin, such as https://satta.example.com, not '${site}'`);
    }
    if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash) {
      throw new ConfigError(`${name} must be the site’s origin (http(s)://host, no path), not '${site}'`);
    }
  }
  return { port, host: values.host, config, mounts, site: site?.replace(/\/+$/, '') };
}

function readConfigFile(file: string): RuntimeConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`--config ${file} could not be read as JSON: ${(error as Error).message}`);
  }
  const firebase = (parsed as { firebase?: { databaseURL?: unknown; projectId?: unknown } } | null)?.firebase;
  if (typeof firebase?.projectId !== 'string' || firebase.projectId === '') {
    throw new ConfigError(`--config ${file} has no firebase.projectId`);
  }
  if (typeof firebase.databaseURL !== 'string' || !URL.canParse(firebase.databaseURL)) {
    throw new ConfigError(`--config ${file} has no valid firebase.databaseURL`);
  }
  return parsed as RuntimeConfig;
}
