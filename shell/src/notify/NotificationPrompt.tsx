import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { NOTIFY_NO, NOTIFY_QUESTION, NOTIFY_YES } from '@satta/shared/domain/messages';
import { dataService, peekLive } from '@satta/shared/data';
import { Button, getPushFollow, setPushFollowActions, useDialogFocus } from '@satta/shared/ui';
import { enablePush } from '../push/enablePush.ts';
import { PUSH_CLOSE, PUSH_FAILED_HELP, PUSH_FAILED_TITLE, PUSH_RETRY, PUSH_WORKING } from '../strings.ts';
import { resumePush } from '../push/resumePush.ts';
import { BottomCard, CardActions, CardHelp, CardTitle } from './bottomCard.ts';
import { follow } from './followGames.ts';
import { GameChoiceSheet, sheetGames } from './GameChoiceSheet.tsx';
import { readPushEnvironment, rememberDismissal, shouldPrompt } from './shouldPrompt.ts';
import { usePromptMoment } from './usePromptMoment.ts';

/**
 * The push notification prompt (docs/product.md, Push notifications). It opens once the
 * results have been on screen a few seconds (usePromptMoment) and asks once per browser: yes
 * asks the browser for permission (enablePush) and, once subscribed, opens the games sheet
 * (every game unless the visitor ticks some); no, Escape included, is remembered for
 * DISMISS_DAYS. A "yes" that has not subscribed within PUSH_PATIENCE_MS (a push service that
 * cannot be reached hangs without an error) says so, with what to do and a "try again". The
 * sheet opens again from the result table's settings button, and the table's
 * bells turn single games on and off (both lent through shared/ui/pushFollow.ts).
 */
export function NotificationPrompt() {
  const [open, setOpen] = useState(() => shouldPrompt(readPushEnvironment()));
  /** The sheet of games: closed (false), or open with the games to offer (undefined: the registry's). */
  const [choosing, setChoosing] = useState<false | { names: readonly string[] | undefined }>(false);
  const due = usePromptMoment(open);
  // Already allowed: subscribe silently, without the prompt.
  useEffect(resumePush, []);
  useEffect(() => {
    setPushFollowActions({ toggle: follow.toggle, openSettings: (shown) => setChoosing({ names: sheetGames(shown) }) });
    return () => setPushFollowActions(null);
  }, []);

  /** Between "yes" and its outcome ('working'), and after one that did not subscribe ('failed'). */
  const [attempt, setAttempt] = useState<'idle' | 'working' | 'failed'>('idle');
  const allow = () => {
    setOpen(false);
    setAttempt('working');
    enablePush()
      .then((outcome) => {
        setAttempt(outcome === 'failed' ? 'failed' : 'idle');
        // Subscribed (the service stored it): which games?
        if (outcome === 'subscribed') setChoosing(getPushFollow().active && { names: sheetGames(pageGames()) });
      })
      .catch((error: unknown) => {
        console.error('push: could not enable notifications', error);
        setAttempt('failed');
      });
  };
  const deny = () => {
    setOpen(false);
    rememberDismissal();
  };
  return (
    <>
      {open && due && <PromptSheet onAllow={allow} onDeny={deny} />}
      {attempt !== 'idle' && <AttemptCard working={attempt === 'working'} onRetry={allow} onClose={() => setAttempt('idle')} />}
      {choosing && <GameChoiceSheet names={choosing.names} onClose={() => setChoosing(false)} />}
    </>
  );
}

function PromptSheet({ onAllow, onDeny }: { onAllow: () => void; onDeny: () => void }) {
  const titleId = useId();
  // The card appears by itself: keyboard users land in it only if nothing else has the focus (it
  // is never taken from a field or an open chart); Tab is not trapped and the page stays usable.
  // Escape dismisses it from anywhere, unless a modal dialog is open: that Escape is the dialog's.
  const { ref, onKeyDown } = useDialogFocus<HTMLDivElement>(onDeny, { takeFocus: 'if-idle' });
  const escapeOnly = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onKeyDown(event);
  };
  useEffect(() => {
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      onDeny();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, [onDeny]);
  return (
    <BottomCard ref={ref} role="dialog" aria-labelledby={titleId} tabIndex={-1} onKeyDown={escapeOnly} data-testid="notify-prompt">
      <CardTitle id={titleId} lang="hi">
        {NOTIFY_QUESTION}
      </CardTitle>
      <CardActions>
        <Button type="button" lang="hi" onClick={onAllow}>
          {NOTIFY_YES}
        </Button>
        <Button type="button" lang="hi" $variant="secondary" onClick={onDeny}>
          {NOTIFY_NO}
        </Button>
      </CardActions>
    </BottomCard>
  );
}

/**
 * While the subscription is on its way, a line that says so; when it failed or stalled, what
 * happened, what to do and a "try again" (a status region: read out without taking the focus).
 */
function AttemptCard({ working, onRetry, onClose }: { working: boolean; onRetry: () => void; onClose: () => void }) {
  const titleId = useId();
  return (
    <BottomCard role="status" aria-labelledby={titleId} data-testid="notify-attempt">
      {working ? (
        <CardTitle id={titleId} lang="hi">
          {PUSH_WORKING}
        </CardTitle>
      ) : (
        <>
          <CardTitle id={titleId} lang="hi">
            {PUSH_FAILED_TITLE}
          </CardTitle>
          <CardHelp lang="hi">{PUSH_FAILED_HELP}</CardHelp>
          <CardActions>
            <Button type="button" lang="hi" onClick={onRetry}>
              {PUSH_RETRY}
            </Button>
            <Button type="button" lang="hi" $variant="secondary" onClick={onClose}>
              {PUSH_CLOSE}
            </Button>
          </CardActions>
        </>
      )}
    </BottomCard>
  );
}

/** The games of the page's data, when it has them (the result table's), else none. */
function pageGames(): readonly string[] | undefined {
  try {
    return peekLive(dataService().homeGames$())?.data?.map((game) => game.name);
  } catch {
    return undefined;
  }
}
