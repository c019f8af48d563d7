import { describe, expect, it } from 'vitest';
import { filter, firstValueFrom } from 'rxjs';
import { DEMO_ADMIN } from '../../scripts/stack.ts';
import { adminStack } from './testing/adminStack.ts';

/*
 * Days without a draw (shared/domain/holidays.ts): the admin's commands that mark them
 * (setNoDrawDate, setNoDrawWeekday) and the refusal of a first number on a marked day by
 * setResult, importResults and scheduleResult, against the real local backend with the project's
 * rules. What is stored is read back as the database's owner through REST. The site's day is
 * fixed at Thursday 2026-11-26.
 */
const TODAY = '2026-11-26';

/** Rejects with a DataError of `code` and exactly `message`. */
async function refused(work: Promise<unknown>, code: string, message: string): Promise<void> {
  await expect(work).rejects.toMatchObject({ name: 'DataError', code, message });
}

const noDrawText = (game: string, date: string) =>
  `${game} has no draw on ${date}: the day is marked in Days without a draw. Remove the mark first to publish a number.`;

const fixture = adminStack({
  appName: 'no-draw',
  today: TODAY,
  seed: {
    sattanamee: {
      Gali: { time: '11:30 PM', place: 11 },
      Disawar: { time: '02:00 AM', place: 12, '2026-11-25': { number: '17' } },
      Faridabad: { time: '06:00 PM', place: 7, '2026-11-01': { number: '10' } },
      Mathura: { time: '01:20 PM', place: 2 },
      'Delhi Bazar': { time: '03:00 PM', place: 4 },
    },
  },
});
const { rest, auditOf } = fixture;

describe('marking a date as having no draw', () => {
  it('writes holidays/{game}/dates/{date}, an audit entry, and stamps live/v/holidays; clearing it too', async () => {
    const before = Date.now();
    await fixture.admin.setNoDrawDate('Gali', TODAY, true);
    expect(await rest('holidays')).toEqual({ Gali: { dates: { [TODAY]: true } } });
    expect(await auditOf(`holidays/Gali/dates/${TODAY}`)).toEqual([['null', 'true', DEMO_ADMIN.email]]);
    const stamp = (await rest('live/v/holidays')) as number;
    expect(stamp).toBeGreaterThanOrEqual(before - 1000);
    expect(stamp).toBeLessThanOrEqual(Date.now() + 1000);
    // The mark is no result: today's live entries hold nothing for Gali.
    expect(await rest(`live/days/${TODAY}/Gali`)).toBeNull();

    // Marking it again writes nothing more.
    await fixture.admin.setNoDrawDate('Gali', TODAY, true);
    expect(await auditOf(`holidays/Gali/dates/${TODAY}`)).toHaveLength(1);

    await fixture.admin.setNoDrawDate('Gali', TODAY, false);
    expect(await rest('holidays')).toBeNull();
    expect(await auditOf(`holidays/Gali/dates/${TODAY}`)).toEqual([
      ['null', 'true', DEMO_ADMIN.email],
      ['true', 'null', DEMO_ADMIN.email],
    ]);
    expect((await rest('live/v/holidays')) as number).toBeGreaterThanOrEqual(stamp);
  });

  it('is refused for a date that has a number, and writes nothing', async () => {
    await refused(
      fixture.admin.setNoDrawDate('Disawar', '2026-11-25', true),
      'data/no-draw-has-number',
      'Disawar already has 17 on 25-11-2026, so the day cannot be marked as having no draw. Undo or correct the number first.',
    );
    expect(await rest('holidays/Disawar')).toBeNull();
    expect(await auditOf('holidays/Disawar/dates/2026-11-25')).toEqual([]);
    expect(await rest('sattanamee/Disawar/2026-11-25')).toEqual({ number: '17' });
  });

  it('refuses a date that is not a date key', async () => {
    await refused(fixture.admin.setNoDrawDate('Gali', '26-11-2026', true), 'data/invalid-date', 'Invalid date: 26-11-2026');
    expect(await rest('holidays/Gali')).toBeNull();
  });
});

describe('a number for a date marked as having no draw', () => {
  it('setResult is refused with the no-draw message and writes nothing; after the mark is removed it publishes', async () => {
    await fixture.admin.setNoDrawDate('Gali', TODAY, true);
    await refused(fixture.admin.setResult('Gali', TODAY, '42'), 'data/no-draw', noDrawText('Gali', '26-11-2026'));
    expect(await rest(`sattanamee/Gali/${TODAY}`)).toBeNull();
    expect(await rest(`live/days/${TODAY}/Gali`)).toBeNull();
    expect(await auditOf(`sattanamee/Gali/${TODAY}`)).toEqual([]);
    expect(await rest('holidays/Gali')).toEqual({ dates: { [TODAY]: true } });

    await fixture.admin.setNoDrawDate('Gali', TODAY, false);
    expect(await fixture.admin.setResult('Gali', TODAY, '42')).toEqual({ created: true, previous: null });
    expect(await rest(`sattanamee/Gali/${TODAY}/number`)).toBe('42');
    expect(await rest(`live/days/${TODAY}/Gali/n`)).toBe('42');
    expect(await auditOf(`sattanamee/Gali/${TODAY}`)).toEqual([['null', '"42"', DEMO_ADMIN.email]]);
  });

  it('an import with one marked row is refused whole and writes nothing', async () => {
    await fixture.admin.setNoDrawDate('Mathura', '2026-11-20', true);
    await refused(
      fixture.admin.importResults([
        { game: 'Mathura', date: '2026-11-19', number: '11' },
        { game: 'Mathura', date: '2026-11-20', number: '12' },
      ]),
      'data/no-draw',
      noDrawText('Mathura', '20-11-2026'),
    );
    expect(await rest('sattanamee/Mathura')).toEqual({ time: '01:20 PM', place: 2 });
    await fixture.admin.setNoDrawDate('Mathura', '2026-11-20', false);
  });
});

describe('a weekday marked as having no draw every week', () => {
  it('refuses a first number on that weekday from its first date on, and not before', async () => {
    // Sundays from Sunday 2026-11-15 on.
    await fixture.admin.setNoDrawWeekday('Faridabad', 'sun', '2026-11-15');
    expect(await rest('holidays/Faridabad')).toEqual({ weekdays: { sun: '2026-11-15' } });
    expect(await auditOf('holidays/Faridabad/weekdays/sun')).toEqual([['null', '"2026-11-15"', DEMO_ADMIN.email]]);

    await refused(
      fixture.admin.setResult('Faridabad', '2026-11-15', '05', { silent: true }),
      'data/no-draw',
      noDrawText('Faridabad', '15-11-2026'),
    );
    await refused(
      fixture.admin.setResult('Faridabad', '2026-11-22', '05', { silent: true }),
      'data/no-draw',
      noDrawText('Faridabad', '22-11-2026'),
    );
    expect(await rest('sattanamee/Faridabad/2026-11-15')).toBeNull();
    expect(await rest('sattanamee/Faridabad/2026-11-22')).toBeNull();

    // The Sunday before its first date, and a Monday, take a number.
    await fixture.admin.setResult('Faridabad', '2026-11-08', '06', { silent: true });
    await fixture.admin.setResult('Faridabad', '2026-11-16', '07', { silent: true });
    expect(await rest('sattanamee/Faridabad/2026-11-08/number')).toBe('06');
    expect(await rest('sattanamee/Faridabad/2026-11-16/number')).toBe('07');
  });

  it('lets a correction of a number already there through: the number wins over the mark', async () => {
    // 2026-11-01 is a Sunday with a number; a weekly mark from that date on covers it.
    await fixture.admin.setNoDrawWeekday('Faridabad', 'sun', '2026-11-01');
    expect(await fixture.admin.setResult('Faridabad', '2026-11-01', '11', { silent: true })).toEqual({ created: false, previous: '10' });
    expect(await rest('sattanamee/Faridabad/2026-11-01')).toMatchObject({ number: '11', was: '10' });
  });

  it('cleared, a number on that weekday is published', async () => {
    await fixture.admin.setNoDrawWeekday('Faridabad', 'sun', null);
    expect(await rest('holidays/Faridabad')).toBeNull();
    expect(await auditOf('holidays/Faridabad/weekdays/sun')).toEqual([
      ['null', '"2026-11-15"', DEMO_ADMIN.email],
      ['"2026-11-15"', '"2026-11-01"', DEMO_ADMIN.email],
      ['"2026-11-01"', 'null', DEMO_ADMIN.email],
    ]);
    await fixture.admin.setResult('Faridabad', '2026-11-22', '05', { silent: true });
    expect(await rest('sattanamee/Faridabad/2026-11-22/number')).toBe('05');
  });
});

describe('scheduling a number for a day marked as having no draw', () => {
  it('is refused for a dated mark and for a weekly one, and writes nothing', async () => {
    const at = Date.now() + 3_600_000;
    await fixture.admin.setNoDrawDate('Mathura', TODAY, true);
    await refused(fixture.admin.scheduleResult('Mathura', TODAY, '33', at), 'data/no-draw', noDrawText('Mathura', '26-11-2026'));
    // Thursdays from today on.
    await fixture.admin.setNoDrawWeekday('Delhi Bazar', 'thu', TODAY);
    await refused(fixture.admin.scheduleResult('Delhi Bazar', TODAY, '44', at), 'data/no-draw', noDrawText('Delhi Bazar', '26-11-2026'));
    expect(await rest('scheduled')).toBeNull();
    expect(await auditOf(`scheduled/Mathura/${TODAY}`)).toEqual([]);
    expect(await auditOf(`scheduled/Delhi Bazar/${TODAY}`)).toEqual([]);
  });

  it('an entry the notify service refused is listed with its reason; scheduled again, it is not', async () => {
    const at = Date.now() + 3_600_000;
    // As the scheduled publisher leaves it (server/notify/src/scheduledPublisher.ts).
    await rest(`scheduled/Gangotri/${TODAY}`, 'PUT', { number: '21', at, createdAt: 1_795_000_000_000, refused: 'no-draw' });
    const listed = await firstValueFrom(fixture.admin.scheduled$().pipe(filter((l) => (l.data?.length ?? 0) > 0 && !l.stale)));
    expect(listed.data).toEqual([{ game: 'Gangotri', date: TODAY, number: '21', at, refused: 'no-draw' }]);

    await fixture.admin.scheduleResult('Gangotri', TODAY, '21', at);
    expect(await rest(`scheduled/Gangotri/${TODAY}`)).toEqual({ number: '21', at, createdAt: expect.any(Number) });
    const again = await firstValueFrom(
      fixture.admin.scheduled$().pipe(filter((l) => l.data?.length === 1 && l.data[0]?.refused === undefined)),
    );
    expect(again.data).toEqual([{ game: 'Gangotri', date: TODAY, number: '21', at }]);
    await fixture.admin.cancelScheduled('Gangotri', TODAY);
    expect(await rest('scheduled')).toBeNull();
  });
});
