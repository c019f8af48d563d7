import { adminView, useData, type AdminCommands, type DataService, type AdminSession, type AdminWriteName } from '@satta/shared/data';
import { WEEKDAY_LABELS } from '@satta/shared/domain/holidays';
import { formatDisplayDate } from '@satta/shared/domain/siteTime';
import {
  DONE_DELETED,
  DONE_DONE,
  DONE_PUBLISHED,
  DONE_SAVED,
  DONE_SCHEDULED,
  WRITE_LABEL_AD_INFO,
  WRITE_LABEL_MAIN_INFO,
  WRITE_LABEL_SOME_KHAIWAL,
  writeLabelCancelSchedule,
  writeLabelGameTime,
  writeLabelImport,
  writeLabelKhaiwal,
  writeLabelNoDrawDate,
  writeLabelNoDrawDateRemoved,
  writeLabelNoDrawWeekday,
  writeLabelNoDrawWeekdayRemoved,
  writeLabelResult,
  writeLabelSchedule,
  writeLabelUndo,
  writeLabelUndoWindow,
} from '../domain/adminMessages.ts';
import { writeLabelNotice, writeLabelNoticeRemoved } from '../domain/gameNoticeMessages.ts';
import { PendingWrites, type WriteSpec } from './pendingWrites.ts';

/**
 * What the dashboard uses of the data service, as one object: every admin command of the table
 * (shared/data/adminCommands.ts), the admin's session, and the public reads it shows. Tests hand
 * in a fake of just this.
 */
export type AdminData = AdminCommands &
  AdminSession &
  Pick<DataService, 'homeGames$' | 'gameNames$' | 'khaiwals$' | 'mainInfo$' | 'adInfo$' | 'holidays$' | 'read$' | 'todayKey' | 'timezone'>;

/** 'DD-MM' of a date key: the day in a write's label. */
export const dayMonth = (dateKey: string): string => formatDisplayDate(dateKey).slice(0, 5);

/**
 * What each write of the table is called in the list of pending changes, and what it does once it
 * arrives; null: a write that does not go through the queue (a form that keeps its own list). A
 * write added to the table does not compile until it is named here.
 */
const WRITES: { [K in AdminWriteName]: ((...args: Parameters<AdminCommands[K]>) => WriteSpec) | null } = {
  setResult: (game, date, number) => ({ label: writeLabelResult(game, dayMonth(date), number), done: DONE_PUBLISHED }),
  // The bulk import sends its parts itself, with their own progress and Resume (BulkImport.tsx).
  importChunk: null,
  importResults: (rows) => ({ label: writeLabelImport(rows.length), done: DONE_PUBLISHED }),
  setGameTime: (game, time) => ({ label: writeLabelGameTime(game, time), done: DONE_SAVED }),
  setMainInfo: () => ({ label: WRITE_LABEL_MAIN_INFO, done: DONE_SAVED }),
  setAdInfo: () => ({ label: WRITE_LABEL_AD_INFO, done: DONE_SAVED }),
  saveKhaiwal: (_id, agent) => ({ label: writeLabelKhaiwal(agent.name), done: DONE_SAVED }),
  deleteKhaiwal: () => ({ label: WRITE_LABEL_SOME_KHAIWAL, done: DONE_DELETED }),
  undoResult: (game, date) => ({ label: writeLabelUndo(game, dayMonth(date)), done: DONE_DONE }),
  setUndoWindow: (seconds) => ({ label: writeLabelUndoWindow(seconds), done: DONE_SAVED }),
  scheduleResult: (game, date, number) => ({ label: writeLabelSchedule(game, dayMonth(date), number), done: DONE_SCHEDULED }),
  cancelScheduled: (game, date) => ({ label: writeLabelCancelSchedule(game, dayMonth(date)), done: DONE_DONE }),
  setNoDrawDate: (game, date, marked) =>
    marked
      ? { label: writeLabelNoDrawDate(game, formatDisplayDate(date)), done: DONE_SAVED }
      : { label: writeLabelNoDrawDateRemoved(game, formatDisplayDate(date)), done: DONE_DONE },
  setNoDrawWeekday: (game, weekday, from) =>
    from === null
      ? { label: writeLabelNoDrawWeekdayRemoved(game, WEEKDAY_LABELS[weekday]), done: DONE_DONE }
      : { label: writeLabelNoDrawWeekday(game, WEEKDAY_LABELS[weekday]), done: DONE_SAVED },
  setGameNotice: (game) => ({ label: writeLabelNotice(game), done: DONE_SAVED }),
  removeGameNotice: (game) => ({ label: writeLabelNoticeRemoved(game), done: DONE_DONE }),
};

export interface AdminWrites {
  /** The data service with every write going through `writes`: what the forms use. */
  data: AdminData;
  /** The dashboard's queue of writes (one per data service). */
  writes: PendingWrites;
  /** The data service itself, for a command a form puts through `writes` with its own label or checks. */
  direct: AdminData;
}

const queues = new WeakMap<AdminData, AdminWrites>();

/**
 * The one place the dashboard's writes are put through the queue: a view of the service whose
 * write commands submit to it, everything else (streams, reads) passed through as it is.
 */
function adminWritesFor(direct: AdminData): AdminWrites {
  const known = queues.get(direct);
  if (known) return known;
  const writes = new PendingWrites(direct.adminConnected$);
  const queued = new Map<PropertyKey, unknown>();
  for (const [key, label] of Object.entries(WRITES)) {
    if (!label) continue;
    // The table's types tie each label to its command; the loop cannot see that pairing.
    const spec = label as (...args: unknown[]) => WriteSpec;
    queued.set(key, (...args: unknown[]) =>
      writes.submit(spec(...args), () => (direct[key as AdminWriteName] as (...a: unknown[]) => Promise<unknown>)(...args)),
    );
  }
  // One bound function per method (a stable identity), made again if the method is replaced.
  const bound = new Map<PropertyKey, { of: unknown; fn: unknown }>();
  // A Proxy rather than a spread: the service's view (adminView) offers its commands by name,
  // with no list of them to spread.
  const data = new Proxy(direct, {
    get(target, key) {
      if (queued.has(key)) return queued.get(key);
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      let entry = bound.get(key);
      if (entry?.of !== value) {
        entry = { of: value, fn: (value as (...a: unknown[]) => unknown).bind(target) };
        bound.set(key, entry);
      }
      return entry.fn;
    },
  });
  const made: AdminWrites = { data, writes, direct };
  queues.set(direct, made);
  return made;
}

/**
 * The page's data service as the dashboard reads it (adminView), or the fake a test provides. By
 * its shape, not `instanceof`: a remote that bundled its own copy of the package still has the
 * shell's service.
 */
function adminDataOf(source: unknown): AdminData {
  const isService = typeof source === 'object' && source !== null && 'admin' in source && 'served' in source;
  return isService ? adminView(source as DataService) : (source as AdminData);
}

export const useAdminWrites = (): AdminWrites => adminWritesFor(adminDataOf(useData()));

/** The data service as the forms use it: its writes go through the pending-writes queue. */
export const useAdminData = (): AdminData => useAdminWrites().data;
