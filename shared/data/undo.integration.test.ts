import { describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { DEMO_ADMIN } from '../../scripts/stack.ts';
import { adminStack } from './testing/adminStack.ts';

/*
 * The data service's part of the safe publish (undoResult, the pending pushes, the undo window)
 * against the real local backend with the project's rules. No notify service runs here: the
 * pending entries are written as it would write them.
 */
const DAY = '2026-11-21';

const corrections = async (game: string) =>
  Object.values(((await rest('corrections')) ?? {}) as Record<string, Record<string, unknown>>).filter((c) => c['game'] === game);

const fixture = adminStack({
  appName: 'undo',
  today: DAY,
  seed: { sattanamee: { Gali: { time: '11:30 PM', place: 11 }, Disawar: { time: '02:00 AM', place: 12 } } },
});
const { rest } = fixture;

describe('undo of a publish', () => {
  it('removes a first publication, with an audit entry', async () => {
    await fixture.admin.setResult('Gali', DAY, '42');
    expect(await fixture.admin.undoResult('Gali', DAY)).toBeNull();
    expect(await rest(`sattanamee/Gali/${DAY}`)).toBeNull();
    const audit = Object.values((await rest('audit')) as Record<string, Record<string, unknown>>);
    expect(audit.filter((a) => a['path'] === `sattanamee/Gali/${DAY}` && a['new'] === 'null')).toEqual([
      expect.objectContaining({ old: '"42"', new: 'null', email: DEMO_ADMIN.email }),
    ]);
  });

  it('gives a correction its earlier number back and removes its corrections entry', async () => {
    await fixture.admin.setResult('Disawar', DAY, '41');
    const first = (await rest(`sattanamee/Disawar/${DAY}`)) as { publishedAt: number };
    // The correction's server time must differ from the first one's.
    const until = Date.now() + 2;
    while (Date.now() <= until);
    await fixture.admin.setResult('Disawar', DAY, '43');
    expect(await corrections('Disawar')).toHaveLength(1);

    expect(await fixture.admin.undoResult('Disawar', DAY)).toBe('41');
    const node = (await rest(`sattanamee/Disawar/${DAY}`)) as Record<string, unknown>;
    expect(node).toEqual({ number: '41', publishedAt: first.publishedAt, updatedAt: node['updatedAt'] });
    expect(await corrections('Disawar')).toEqual([]);
  });

  it('does nothing for a date without a number', async () => {
    expect(await fixture.admin.undoResult('Gali', '2026-11-01')).toBeNull();
  });

  it('streams the pending pushes, soonest first, and reads and saves the undo window', async () => {
    await rest(`notifyState/pending/${DAY}`, 'PUT', { Gali: { number: '42', sendAt: 2000 }, Disawar: { number: '07', sendAt: 1000 } });
    const pending = await firstValueFrom(fixture.admin.pendingPushes$(DAY).pipe(filter((live) => live.data !== undefined && !live.stale)));
    expect(pending.data).toEqual([
      { game: 'Disawar', number: '07', sendAt: 1000 },
      { game: 'Gali', number: '42', sendAt: 2000 },
    ]);

    const windowOf = () => firstValueFrom(fixture.admin.undoWindow$().pipe(filter((live) => live.data !== undefined && !live.stale)));
    expect((await windowOf()).data).toBe(30);
    await fixture.admin.setUndoWindow(45);
    expect(await rest('notifyState/undoWindowSec')).toBe(45);
    await expect(fixture.admin.setUndoWindow(601)).rejects.toThrow('The undo window must be a whole number of seconds from 0 to 600.');
    expect(await rest('notifyState/undoWindowSec')).toBe(45);
  });
});
