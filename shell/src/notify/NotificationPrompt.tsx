import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { NOTIFY_NO, NOTIFY_QUESTION, NOTIFY_YES } from '@satta/shared/domain/messages';
import { Button, Modal } from '@satta/shared/ui';
import { useSplashDone } from '../layout/splashState.ts';
import { enablePush } from '../push/enablePush.ts';
import { resumePush } from '../push/resumePush.ts';
import { readPushEnvironment, rememberDismissal, shouldPrompt } from './shouldPrompt.ts';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  justify-content: flex-end;
`;

/**
 * The push notification prompt (SPEC 4). It waits for the splash to go, then asks once per
 * session: yes asks the browser for permission (enablePush), no just closes.
 */
export function NotificationPrompt() {
  const splashDone = useSplashDone();
  const [open, setOpen] = useState(() => shouldPrompt(readPushEnvironment()));
  // Already allowed: subscribe silently, without the prompt (SPEC 4).
  useEffect(resumePush, []);
  if (!open || !splashDone) return null;

  const allow = () => {
    setOpen(false);
    enablePush().catch((error: unknown) => console.error('push: could not enable notifications', error));
  };
  const deny = () => {
    setOpen(false);
    rememberDismissal();
  };

  return (
    <Modal title={<span lang="hi">{NOTIFY_QUESTION}</span>} onClose={deny}>
      <Actions>
        <Button type="button" lang="hi" onClick={allow}>
          {NOTIFY_YES}
        </Button>
        <Button type="button" lang="hi" $variant="secondary" onClick={deny}>
          {NOTIFY_NO}
        </Button>
      </Actions>
    </Modal>
  );
}
