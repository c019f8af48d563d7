import { afterEach, describe, expect, it } from 'vitest';
import { isObservable } from 'rxjs';
import { DataService, adminView } from './service.ts';
import { memoryStore } from './cache.ts';

// Port 9 (discard) on the loopback: nothing answers, so nothing is ever read or written.
const CONFIG = {
  firebase: { apiKey: 'demo-key', projectId: 'demo-admin-part', databaseURL: 'http://127.0.0.1:9?ns=demo-admin-part' },
  emulators: { database: { host: '127.0.0.1', port: 9 } },
};

const services: DataService[] = [];
function service(name: string): DataService {
  const made = new DataService(CONFIG, { appName: name, store: memoryStore() });
  services.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.dispose()));
});

describe("the admin's commands", () => {
  it('are offered by their name in the table, one function each', () => {
    const { commands } = service('names').admin;
    expect(typeof commands.setResult).toBe('function');
    expect(commands.setResult).toBe(commands.setResult);
    expect(commands.setNoDrawDate).not.toBe(commands.setResult);
  });

  it('are not a promise: awaiting the table runs nothing', async () => {
    const { commands } = service('not-thenable').admin;
    expect((commands as unknown as Record<string, unknown>)['then']).toBeUndefined();
    expect(await Promise.resolve(commands)).toBe(commands);
  });

  it('offer a stream (a name ending in $) at once, one per arguments', () => {
    const { commands } = service('streams').admin;
    const audit = commands.audit$(5);
    expect(isObservable(audit)).toBe(true);
    expect(commands.audit$(5)).toBe(audit);
    expect(commands.audit$(6)).not.toBe(audit);
  });

  it('refuse a name the table does not have, once it is loaded', async () => {
    const commands = service('unknown').admin.commands as unknown as Record<string, () => Promise<unknown>>;
    await expect((commands['setNothing'] as () => Promise<unknown>)()).rejects.toThrow('data: no admin command setNothing');
  });
});

describe("the dashboard's view of the service", () => {
  it('has the public reads, the session and the commands as one object', () => {
    const data = service('view');
    const view = adminView(data);
    expect(adminView(data)).toBe(view);
    expect(view.user$).toBe(data.admin.user$);
    expect(view.setResult).toBe(data.admin.commands.setResult);
    expect(view.homeGames$).toBe(view.homeGames$);
    expect(view.homeGames$()).toBe(data.homeGames$());
    expect(view.timezone).toBe('Asia/Kolkata');
    expect((view as unknown as Record<string, unknown>)['then']).toBeUndefined();
  });
});
