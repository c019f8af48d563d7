import type { MainInfo } from '@satta/shared/data';
import { validateMainInfo, type Validation } from '@satta/shared/domain/validation';
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

/** The spec's rule (name and phone required), plus the channel link the rules accept: https or none. */
export function checkMainInfo(draft: MainInfoDraft): Validation<Required<MainInfo>> {
  const required = validateMainInfo(draft);
  if (!required.ok) return required;
  const channel = draft.channel.trim();
  if (channel !== '' && !/^https:\/\/\S+$/.test(channel)) return { ok: false, error: CHANNEL_LINK_ERROR };
  return {
    ok: true,
    value: {
      ...required.value,
      email: draft.email.trim(),
      channel,
      banner: draft.banner.trim(),
      notice: draft.notice.trim(),
    },
  };
}
