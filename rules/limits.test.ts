import { describe, expect, it } from 'vitest';
import { MAX_LENGTH } from '../shared/domain/limits.ts';
import { loadRules } from './load-rules.ts';

interface RuleNode {
  [key: string]: RuleNode | string | boolean;
}

/**
 * Every `… .length <= N` in the rules, keyed by the node's path; a limit on the node's own key
 * (`$game.length`) is keyed with ' (key)'.
 */
function lengthLimits(node: RuleNode, path: string[] = [], out: Record<string, number> = {}): Record<string, number> {
  for (const [key, child] of Object.entries(node)) {
    if (key === '.validate' && typeof child === 'string') {
      for (const [, subject, max] of child.matchAll(/(\$\w+|newData\.val\(\))\.length <= (\d+)/g)) {
        out[subject === 'newData.val()' ? path.join('/') : `${path.join('/')} (key)`] = Number(max);
      }
    } else if (typeof child === 'object') {
      lengthLimits(child, [...path, key], out);
    }
  }
  return out;
}

describe('database.rules.json uses the limits of shared/domain/limits.ts', () => {
  it('every length limit in the rules, and no other', () => {
    const rules = loadRules().rules as RuleNode;
    expect(lengthLimits(rules)).toEqual({
      'sattanamee/$game (key)': MAX_LENGTH.game.key,
      'sattanamee/$game/sattaname': MAX_LENGTH.game.sattaname,
      'corrections/$id/game': MAX_LENGTH.game.key,
      'scheduled/$game (key)': MAX_LENGTH.game.key,
      'holidays/$game (key)': MAX_LENGTH.game.key,
      'live/days/$date/$game (key)': MAX_LENGTH.game.key,
      'gameNotices/$date/$game (key)': MAX_LENGTH.game.key,
      'gameNotices/$date/$game': MAX_LENGTH.gameNotice.text,
      // Written by the notify service only (its instance id), never typed by the admin.
      'scheduled/$game/$date/claimedBy': 200,
      'mian/name': MAX_LENGTH.mainInfo.name,
      'mian/phnnumber': MAX_LENGTH.mainInfo.phnnumber,
      'mian/email': MAX_LENGTH.mainInfo.email,
      'mian/banner': MAX_LENGTH.mainInfo.banner,
      'mian/notice': MAX_LENGTH.mainInfo.notice,
      'mian/channel': MAX_LENGTH.mainInfo.channel,
      'adinfo/$label (key)': MAX_LENGTH.ad.label,
      'adinfo/$label/name': MAX_LENGTH.ad.name,
      'adinfo/$label/time': MAX_LENGTH.ad.time,
      'khaiwals/$id (key)': MAX_LENGTH.khaiwal.id,
      'khaiwals/$id/name': MAX_LENGTH.khaiwal.name,
      'khaiwals/$id/phone': MAX_LENGTH.khaiwal.phone,
      'khaiwals/$id/phone2': MAX_LENGTH.khaiwal.phone2,
      'khaiwals/$id/wa': MAX_LENGTH.khaiwal.wa,
      'khaiwals/$id/site': MAX_LENGTH.khaiwal.site,
      'khaiwals/$id/payment': MAX_LENGTH.khaiwal.payment,
      'khaiwals/$id/customTimings/$index/0': MAX_LENGTH.khaiwal.timingGame,
      'khaiwals/$id/customTimings/$index/1': MAX_LENGTH.khaiwal.timingTime,
      'khaiwals/$id/customRates/jodi': MAX_LENGTH.khaiwal.jodi,
      'khaiwals/$id/customRates/haruf': MAX_LENGTH.khaiwal.haruf,
      'audit/$entry/path': MAX_LENGTH.audit.path,
    });
  });
});
