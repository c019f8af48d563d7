import { BehaviorSubject } from 'rxjs';
import { vi } from 'vitest';
import type { AdInfo, AuditEntry, Live, MainInfo, PendingPush, ScheduledNumber, SignedInUser } from '@satta/shared/data';
import type { Khaiwal } from '@satta/shared/domain/agents';
import type { Holidays } from '@satta/shared/domain/holidays';
import type { GameData } from '@satta/shared/domain/results';
import type { AdminData } from '../hooks/adminData.ts';

export const TODAY = '2026-11-21';

function live<T>(data: T): BehaviorSubject<Live<T>> {
  return new BehaviorSubject<Live<T>>({ data, stale: false, error: null });
}

/** Streams a test can push new values into, as the database would. */
export interface FakeStreams {
  user: BehaviorSubject<SignedInUser | null>;
  /** The admin's database connection (`adminConnected$`): connected unless a test says not. */
  connected: BehaviorSubject<boolean>;
  games: BehaviorSubject<Live<GameData[]>>;
  names: BehaviorSubject<Live<string[]>>;
  khaiwals: BehaviorSubject<Live<Khaiwal[]>>;
  mainInfo: BehaviorSubject<Live<MainInfo>>;
  adInfo: BehaviorSubject<Live<AdInfo>>;
  audit: BehaviorSubject<Live<AuditEntry[]>>;
  pending: BehaviorSubject<Live<PendingPush[]>>;
  scheduled: BehaviorSubject<Live<ScheduledNumber[]>>;
  undoWindow: BehaviorSubject<Live<number>>;
  /** Days without a draw (`holidays$`): none unless a test marks some. */
  holidays: BehaviorSubject<Live<Holidays>>;
}

type Fn<K extends keyof AdminData> = AdminData[K] extends (...args: infer A) => infer R ? (...args: A) => R : never;

/** Every command of the fake, as a vitest mock a test can script and inspect. */
export interface FakeCommands {
  signIn: ReturnType<typeof vi.fn<Fn<'signIn'>>>;
  idToken: ReturnType<typeof vi.fn<Fn<'idToken'>>>;
  signOut: ReturnType<typeof vi.fn<Fn<'signOut'>>>;
  updatePassword: ReturnType<typeof vi.fn<Fn<'updatePassword'>>>;
  setResult: ReturnType<typeof vi.fn<Fn<'setResult'>>>;
  getResult: ReturnType<typeof vi.fn<Fn<'getResult'>>>;
  setGameTime: ReturnType<typeof vi.fn<Fn<'setGameTime'>>>;
  setMainInfo: ReturnType<typeof vi.fn<Fn<'setMainInfo'>>>;
  setAdInfo: ReturnType<typeof vi.fn<Fn<'setAdInfo'>>>;
  saveKhaiwal: ReturnType<typeof vi.fn<Fn<'saveKhaiwal'>>>;
  deleteKhaiwal: ReturnType<typeof vi.fn<Fn<'deleteKhaiwal'>>>;
  importResults: ReturnType<typeof vi.fn<Fn<'importResults'>>>;
  publishedNumbers: ReturnType<typeof vi.fn<Fn<'publishedNumbers'>>>;
  importChunk: ReturnType<typeof vi.fn<Fn<'importChunk'>>>;
  resultHistory: ReturnType<typeof vi.fn<Fn<'resultHistory'>>>;
  sendTestNotification: ReturnType<typeof vi.fn<Fn<'sendTestNotification'>>>;
  undoResult: ReturnType<typeof vi.fn<Fn<'undoResult'>>>;
  setUndoWindow: ReturnType<typeof vi.fn<Fn<'setUndoWindow'>>>;
  scheduleResult: ReturnType<typeof vi.fn<Fn<'scheduleResult'>>>;
  cancelScheduled: ReturnType<typeof vi.fn<Fn<'cancelScheduled'>>>;
  setNoDrawDate: ReturnType<typeof vi.fn<Fn<'setNoDrawDate'>>>;
  setNoDrawWeekday: ReturnType<typeof vi.fn<Fn<'setNoDrawWeekday'>>>;
  setGameNotice: ReturnType<typeof vi.fn<Fn<'setGameNotice'>>>;
  removeGameNotice: ReturnType<typeof vi.fn<Fn<'removeGameNotice'>>>;
}

export const GALI: GameData = { name: 'Gali', time: '11:30 PM', place: 11, results: {} };
export const DISAWAR: GameData = { name: 'Disawar', time: '02:00 AM', place: 12, results: {} };

/** A stand-in for the data service: happy by default, each command replaceable per test. */
export function fakeAdminData(): { data: AdminData; streams: FakeStreams; commands: FakeCommands } {
  const streams: FakeStreams = {
    user: new BehaviorSubject<SignedInUser | null>({ uid: 'admin-uid', email: 'admin@example.com', isAdmin: true }),
    connected: new BehaviorSubject(true),
    games: live([DISAWAR, GALI]),
    names: live(['Disawar', 'Gali']),
    khaiwals: live<Khaiwal[]>([]),
    mainInfo: live<MainInfo>({ name: 'Admin', phnnumber: '+91 90000 00000' }),
    adInfo: live<AdInfo>({}),
    audit: live<AuditEntry[]>([]),
    pending: live<PendingPush[]>([]),
    scheduled: live<ScheduledNumber[]>([]),
    undoWindow: live(30),
    holidays: live<Holidays>({}),
  };
  const commands: FakeCommands = {
    signIn: vi.fn<Fn<'signIn'>>(async () => ({ uid: 'admin-uid', email: 'admin@example.com', isAdmin: true })),
    idToken: vi.fn<Fn<'idToken'>>(async () => 'admin-token'),
    signOut: vi.fn<Fn<'signOut'>>(async () => undefined),
    updatePassword: vi.fn<Fn<'updatePassword'>>(async () => undefined),
    setResult: vi.fn<Fn<'setResult'>>(async () => ({ created: true, previous: null })),
    getResult: vi.fn<Fn<'getResult'>>(async () => null),
    setGameTime: vi.fn<Fn<'setGameTime'>>(async (_game, time) => time.toUpperCase()),
    setMainInfo: vi.fn<Fn<'setMainInfo'>>(async () => undefined),
    setAdInfo: vi.fn<Fn<'setAdInfo'>>(async () => undefined),
    saveKhaiwal: vi.fn<Fn<'saveKhaiwal'>>(async (id) => id ?? 'new-id'),
    deleteKhaiwal: vi.fn<Fn<'deleteKhaiwal'>>(async () => undefined),
    importResults: vi.fn<Fn<'importResults'>>(async (rows) => rows.length),
    publishedNumbers: vi.fn<Fn<'publishedNumbers'>>(async () => ({})),
    importChunk: vi.fn<Fn<'importChunk'>>(async (chunk) => ({ written: chunk.rows.length, unchanged: 0 })),
    resultHistory: vi.fn<Fn<'resultHistory'>>(async () => []),
    sendTestNotification: vi.fn<Fn<'sendTestNotification'>>(async () => 'Test notification sent to 3 subscribers.'),
    undoResult: vi.fn<Fn<'undoResult'>>(async () => null),
    setUndoWindow: vi.fn<Fn<'setUndoWindow'>>(async () => undefined),
    scheduleResult: vi.fn<Fn<'scheduleResult'>>(async () => undefined),
    cancelScheduled: vi.fn<Fn<'cancelScheduled'>>(async () => undefined),
    setNoDrawDate: vi.fn<Fn<'setNoDrawDate'>>(async () => undefined),
    setNoDrawWeekday: vi.fn<Fn<'setNoDrawWeekday'>>(async () => undefined),
    setGameNotice: vi.fn<Fn<'setGameNotice'>>(async () => undefined),
    removeGameNotice: vi.fn<Fn<'removeGameNotice'>>(async () => undefined),
  };
  const data: AdminData = {
    ...commands,
    user$: streams.user,
    adminConnected$: streams.connected,
    homeGames$: () => streams.games,
    gameNames$: () => streams.names,
    khaiwals$: () => streams.khaiwals,
    mainInfo$: () => streams.mainInfo,
    adInfo$: () => streams.adInfo,
    audit$: () => streams.audit,
    pendingPushes$: () => streams.pending,
    scheduled$: () => streams.scheduled,
    undoWindow$: () => streams.undoWindow,
    holidays$: () => streams.holidays,
    // Any other read of the table (e.g. today's game notices): none.
    read$: <T>() => live<T>({} as T),
    todayKey: () => TODAY,
    timezone: 'Asia/Kolkata',
  };
  return { data, streams, commands };
}
