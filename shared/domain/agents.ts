import { ADMIN_GAME_ORDER, findGame } from './games.ts';
import { normalizeTimeInput } from './time.ts';

export interface KhaiwalRates {
  jodi: string;
  haruf: string;
}

/** A khaiwal (agent) as the directory shows it; `id` is the key under khaiwals/. */
export interface Khaiwal {
  id: string;
  name: string;
  phone: string;
  phone2?: string;
  wa: string;
  site: string;
  payment: string;
  /** [game name, 'HH:MM AM/PM'] */
  customTimings: [string, string][];
  customRates: KhaiwalRates;
}

/** What is written to khaiwals/{id}: the record without its key. */
export type KhaiwalRecord = Omit<Khaiwal, 'id'>;

export const DEFAULT_RATES: Readonly<KhaiwalRates> = Object.freeze({ jodi: '10-----960', haruf: '100-----960' });

/** The admin twelve with their default times, in the result table's order. */
export function defaultTimings(): [string, string][] {
  return ADMIN_GAME_ORDER.map((name) => [name, findGame(name)?.defaultTime ?? '']);
}

/** The timings a card lists: the agent's own, else the default times of the admin games. */
export function agentTimings(agent: Pick<Khaiwal, 'customTimings'>): [string, string][] {
  return agent.customTimings.length > 0 ? agent.customTimings.map(([g, t]) => [g, t]) : defaultTimings();
}

/**
 * wa.me wants the international number as bare digits without leading zeros, so '+91 90000-00001'
 * and '0091 9000000001' both become 919000000001.
 */
export function waLink(number: string): string | null {
  const digits = String(number).replace(/\D/g, '').replace(/^0+/, '');
  return digits === '' ? null : `https://wa.me/${digits}`;
}

export function telLink(phone: string): string | null {
  const text = String(phone).trim();
  const digits = text.replace(/\D/g, '');
  if (digits === '') return null;
  return `tel:${text.startsWith('+') ? '+' : ''}${digits}`;
}

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * An agent's website as a link that can only open a web page. Anything else ('javascript:',
 * 'data:', 'ftp:') is null, so admin-entered text can never run script in a visitor's page. A bare
 * host ('example.com') is read as https, since that is how agents usually write their site.
 */
export function safeUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  const text = url.trim();
  if (text === '') return null;
  const schemeless = !HAS_SCHEME.test(text);
  let parsed: URL;
  try {
    parsed = new URL(schemeless ? `https://${text.replace(/^\/\//, '')}` : text);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.hostname === '' || (schemeless && !parsed.hostname.includes('.'))) return null;
  return parsed.href;
}

// Shown only while the directory is empty. Neutral placeholders: no real people, no promise of wins.
export const SAMPLE_AGENTS: readonly Khaiwal[] = [
  {
    id: 'sample-1',
    name: 'Sample Khaiwal 1',
    phone: '+91 90000 00001',
    wa: '+91 90000 00001',
    site: 'https://example.com',
    payment: 'UPI / Paytm',
    customTimings: [],
    customRates: { ...DEFAULT_RATES },
  },
  {
    id: 'sample-2',
    name: 'Sample Khaiwal 2',
    phone: '+91 90000 00002',
    phone2: '+91 90000 00012',
    wa: '+91 90000 00002',
    site: 'https://example.com',
    payment: 'UPI / Paytm',
    customTimings: [],
    customRates: { ...DEFAULT_RATES },
  },
  {
    id: 'sample-3',
    name: 'Sample Khaiwal 3',
    phone: '+91 90000 00003',
    wa: '+91 90000 00003',
    site: 'https://example.com',
    payment: 'UPI / Paytm',
    customTimings: [
      ['Faridabad', '05:50 PM'],
      ['Gaziyabad', '09:20 PM'],
      ['Gali', '11:20 PM'],
      ['Disawar', '01:50 AM'],
    ],
    customRates: { ...DEFAULT_RATES },
  },
];

/** The samples show whenever the store holds no agent (docs/product.md, Agents). */
export function agentsToShow(agents: readonly Khaiwal[]): readonly Khaiwal[] {
  return agents.length > 0 ? agents : SAMPLE_AGENTS;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function text(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

function timingPair(game: unknown, time: unknown): [string, string] | null {
  const name = text(game);
  const raw = text(time);
  if (name === '' || raw === '') return null;
  return [name, normalizeTimeInput(raw) ?? raw];
}

function pairFrom(item: unknown): [string, string] | null {
  if (Array.isArray(item)) return timingPair(item[0], item[1]);
  if (isRecord(item)) {
    // The database turns a sparse array into an object keyed '0', '1'.
    if ('0' in item) return timingPair(item['0'], item['1']);
    return timingPair(item['game'] ?? item['name'], item['time']);
  }
  return null;
}

/**
 * Custom timings as written by any version of the admin form: a list of pairs, a list the
 * database turned into an object, or a plain {game: time} map.
 */
export function readTimings(node: unknown): [string, string][] {
  const pairs: ([string, string] | null)[] = [];
  if (Array.isArray(node)) {
    pairs.push(...node.map(pairFrom));
  } else if (isRecord(node)) {
    for (const [key, value] of Object.entries(node)) {
      pairs.push(typeof value === 'string' || typeof value === 'number' ? timingPair(key, value) : pairFrom(value));
    }
  }
  return pairs.filter((p): p is [string, string] => p !== null);
}

function readRates(node: unknown): KhaiwalRates {
  const rates = isRecord(node) ? node : {};
  return {
    jodi: text(rates['jodi']) || DEFAULT_RATES.jodi,
    haruf: text(rates['haruf']) || DEFAULT_RATES.haruf,
  };
}

export function readKhaiwal(id: string, node: unknown): Khaiwal | null {
  if (!isRecord(node)) return null;
  const agent: Khaiwal = {
    id,
    name: text(node['name']),
    phone: text(node['phone']),
    wa: text(node['wa']),
    site: text(node['site']),
    payment: text(node['payment']),
    customTimings: readTimings(node['customTimings']),
    customRates: readRates(node['customRates']),
  };
  const phone2 = text(node['phone2']);
  if (phone2 !== '') agent.phone2 = phone2;
  return agent;
}

/**
 * Every agent of a `khaiwals/` snapshot, oldest first (push ids sort by creation time). Entries
 * that are not records are skipped; nameless ones are kept so the admin can still delete them.
 */
export function readKhaiwals(node: unknown): Khaiwal[] {
  const entries: [string, unknown][] = Array.isArray(node)
    ? node.map((value, i) => [String(i), value])
    : isRecord(node)
      ? Object.entries(node)
      : [];
  return entries
    .map(([id, value]) => readKhaiwal(id, value))
    .filter((k): k is Khaiwal => k !== null)
    .sort((a, b) => compareIds(a.id, b.id));
}

// The database's own key order: integer keys numerically first, then strings by code unit.
function compareIds(a: string, b: string): number {
  const intA = /^\d+$/.test(a);
  const intB = /^\d+$/.test(b);
  if (intA && intB) return Number(a) - Number(b);
  if (intA !== intB) return intA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
