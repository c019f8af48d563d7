import type { MainInfo } from '@satta/shared/data';
import { MAX_LENGTH } from '@satta/shared/domain/limits';
import { isContactEmail, tooLong, validateMainInfo, type Validation } from '@satta/shared/domain/validation';
import { EMAIL_ERROR } from '@satta/shared/domain/messages';
import { CHANNEL_LINK_ERROR } from './adminMessages.ts';

/** Every field of the `mian` record as the form edits it. */
export interface MainInfoDraft {
  name: string;
  phnnumber: string;
  email: string;
  channel: string;
  banner: string;
  notice: string;
}

export function mainInfoDraft(info: MainInfo | undefined): MainInfoDraft {
  return {
    name: info?.name ?? '',
    phnnumber: info?.phnnumber ?? '',
    email: info?.email ?? '',
    channel: info?.channel ?? '',
    banner: info?.banner ?? '',
    notice: info?.notice ?? '',
  };
}

/**
 * The spec's rule (name and phone required), plus what the rules accept (the channel link https
 * or none, each field within its length) and an email the contact page will show, or none.
 */
export function checkMainInfo(draft: MainInfoDraft): Validation<Required<MainInfo>> {
  const required = validateMainInfo(draft);
  if (!required.ok) return required;
  const email = draft.email.trim();
  const channel = draft.channel.trim();
  const banner = draft.banner.trim();
  const notice = draft.notice.trim();
  const long = tooLong([
    ['Email', email, MAX_LENGTH.mainInfo.email],
    ['Channel link', channel, MAX_LENGTH.mainInfo.channel],
    ['Banner text', banner, MAX_LENGTH.mainInfo.banner],
    ['Notice text', notice, MAX_LENGTH.mainInfo.notice],
  ]);
  if (long !== null) return { ok: false, error: long };
  if (email !== '' && !isContactEmail(email)) return { ok: false, error: EMAIL_ERROR };
  if (channel !== '' && !/^https:\/\/\S+$/.test(channel)) return { ok: false, error: CHANNEL_LINK_ERROR };
  return { ok: true, value: { ...required.value, email, channel, banner, notice } };
}
