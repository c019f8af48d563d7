import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ref, set } from 'firebase/database';
import { startStack, DEMO_ADMIN, type Stack } from '../../scripts/stack.ts';
import { sharedAuthEmulator } from '../../scripts/sharedAuthEmulator.ts';
import { DataService, adminView, type AdminView } from './service.ts';
import { memoryStore } from './cache.ts';
import { ownerRest, type RestMethod } from '../../scripts/ownerRest.ts';

/*
 * Text the admin pasted with a character XML 1.0 forbids (issue 27): the database rules refuse
 * it, so the admin's commands clear it first (writeAudited + shared/domain/xmlText.ts) and the
 * admin still saves. Against the real local backend with the project's rules; what is stored is
 * read back as the database's owner through REST.
 */
let stack: Stack;
let admin: AdminView;

/** The owner's REST calls on the stack's database. */
const rest = (path: string, method?: RestMethod, body?: unknown) => ownerRest(stack.urls.database)(path, method, body);

/** The newest audit entry of `path`, its new value parsed. */
async function lastAudit(path: string): Promise<unknown> {
  const entries = Object.values((await rest('audit')) as Record<string, { path: string; at: number; new: string | null }>)
    .filter((e) => e.path === path)
    .sort((a, b) => b.at - a.at);
  const entry = entries[0];
  return entry?.new == null ? null : (JSON.parse(entry.new) as unknown);
}

beforeAll(async () => {
  stack = await startStack({ hosting: false, notify: false, auth: sharedAuthEmulator() });
  await rest('mian', 'PUT', { name: 'Admin', phnnumber: '+91 90000 00000' });
  admin = adminView(
    new DataService(stack.config, { appName: 'xml-text', store: memoryStore(), now: () => new Date('2026-11-21T12:00:00+05:30') }),
  );
  await admin.signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await admin?.dispose();
  await stack?.stop();
});

describe('the admin commands write text XML 1.0 may hold', () => {
  it('the same text written directly by the admin is refused by the rules', async () => {
    const db = await admin.database();
    await expect(set(ref(db, 'mian/name'), 'Ad\u0001min')).rejects.toThrow(/permission_denied/i);
    await expect(set(ref(db, 'mian/notice'), 'सूचना\uFFFE')).rejects.toThrow(/permission_denied/i);
    expect(await rest('mian')).toEqual({ name: 'Admin', phnnumber: '+91 90000 00000' });
  });

  it('a main info name with U+0001 is saved without it; tab, line feed and carriage return stay', async () => {
    await admin.setMainInfo({ name: 'Ad\u0001min', phnnumber: '+91 90000 00001', notice: 'आज\tछुट्टी\r\nहै\uFFFE' });
    const saved = { name: 'Admin', phnnumber: '+91 90000 00001', notice: 'आज\tछुट्टी\r\nहै' };
    expect(await rest('mian')).toEqual(saved);
    expect(await lastAudit('mian')).toEqual(saved);
  });

  it("a khaiwal's texts are saved without U+0001, U+000B and U+FFFF", async () => {
    const id = await admin.saveKhaiwal(null, {
      name: 'Ramesh\u0001 भाई',
      phone: '+91 98765 43210',
      wa: '919876543210',
      site: 'https://example.com/khaiwal\u000B',
      payment: 'UPI\nपेटीएम\uFFFF',
      customTimings: [['Ga\u0001li', '11:30 PM']],
      customRates: { jodi: '10-----960', haruf: '100-----960' },
    });
    const stored = (await rest(`khaiwals/${id}`)) as Record<string, unknown>;
    expect(stored).toEqual({
      name: 'Ramesh भाई',
      phone: '+91 98765 43210',
      wa: '919876543210',
      site: 'https://example.com/khaiwal',
      payment: 'UPI\nपेटीएम',
      customTimings: [['Gali', '11:30 PM']],
      customRates: { jodi: '10-----960', haruf: '100-----960' },
      updatedAt: stored['updatedAt'],
    });
    expect(stored['updatedAt']).toBeTypeOf('number');
  });

  it("an ad's label (its key) and texts are saved without U+FFFE and U+0001", async () => {
    await admin.setAdInfo({ 'सुबह\uFFFE': { name: 'Gali\u0001 ad', time: '11:00 AM' } });
    expect(await rest('adinfo')).toEqual({ सुबह: { name: 'Gali ad', time: '11:00 AM' } });
    expect(await lastAudit('adinfo')).toEqual({ सुबह: { name: 'Gali ad', time: '11:00 AM' } });
  });
});

describe("the admin's audit trail", () => {
  it('is read a page at a time, newest first, never whole', async () => {
    // Newer than every entry the tests above wrote.
    const at = Date.now() + 1_000_000;
    await rest('audit', 'PATCH', {
      a1: { uid: 'demo-admin', at, path: 'mian/name', old: null, new: '"one"' },
      a2: { uid: 'demo-admin', at: at + 1, path: 'mian/name', old: null, new: '"two"' },
      a3: { uid: 'demo-admin', at: at + 2, path: 'mian/name', old: null, new: '"three"' },
    });
    const page = (limit: number) =>
      new Promise<string[]>((resolve) => {
        const sub = admin.audit$(limit).subscribe((live) => {
          if (!live.data) return;
          resolve(live.data.map((entry) => entry.id));
          queueMicrotask(() => sub.unsubscribe());
        });
      });
    expect(await page(2)).toEqual(['a3', 'a2']);
    expect(await page(3)).toEqual(['a3', 'a2', 'a1']);
  });
});
