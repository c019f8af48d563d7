import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRenderOptions } from './options.ts';

const dir = mkdtempSync(join(tmpdir(), 'render-options-'));
const config = join(dir, 'config.json');
writeFileSync(config, JSON.stringify({ firebase: { projectId: 'p', databaseURL: 'https://p-default-rtdb.firebaseio.com' } }));
const broken = join(dir, 'broken.json');
writeFileSync(broken, '{ "firebase": ');
const noDatabase = join(dir, 'no-database.json');
writeFileSync(noDatabase, JSON.stringify({ firebase: { projectId: 'p' } }));

describe('render service options', () => {
  it('takes PORT and RENDER_SITE from the environment, as Cloud Run sets them', () => {
    const options = readRenderOptions(['--config', config, '--mount', '/=shell', '--host', '0.0.0.0'], {
      PORT: '8081',
      RENDER_SITE: 'https://satta.example.com/',
    });
    expect(options).toMatchObject({ port: 8081, host: '0.0.0.0', mounts: { '/': 'shell' }, site: 'https://satta.example.com' });
  });

  it.each([
    [[], {}, '--config <runtime config.json> is required: the site’s /config.json'],
    [['--config', config, '--mount', '/=shell'], { PORT: 'eighty' }, "PORT must be a port number (0-65535), not 'eighty'"],
    [['--config', config, '--mount', '/=shell', '--port', '99999'], {}, "--port must be a port number (0-65535), not '99999'"],
    [['--config', config], {}, '--mount /=<folder> is required: the shell’s build (its index.html and server/widgets.mjs)'],
    [['--config', config, '--mount', 'shell'], {}, "--mount must be <path prefix>=<folder>, such as /=shell, not 'shell'"],
    [
      ['--config', config, '--mount', '/=shell'],
      { RENDER_SITE: 'satta.example.com' },
      "RENDER_SITE must be the site’s origin, such as https://satta.example.com, not 'satta.example.com'",
    ],
    [
      ['--config', config, '--mount', '/=shell', '--site', 'https://satta.example.com/app'],
      {},
      "--site must be the site’s origin (http(s)://host, no path), not 'https://satta.example.com/app'",
    ],
    [['--config', noDatabase, '--mount', '/=shell'], {}, `--config ${noDatabase} has no valid firebase.databaseURL`],
    [
      ['--config', join(dir, 'missing.json'), '--mount', '/=shell'],
      {},
      `--config ${join(dir, 'missing.json')} could not be read as JSON: ENOENT`,
    ],
    [['--config', broken, '--mount', '/=shell'], {}, `--config ${broken} could not be read as JSON:`],
    [['--bogus'], {}, "Unknown option '--bogus'"],
  ])('refuses %j %j with one line naming the option', (args, env, message) => {
    expect(() => readRenderOptions(args, env)).toThrow(message);
  });
});
