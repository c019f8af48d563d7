import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { NOTIFY_NO, NOTIFY_QUESTION, NOTIFY_YES } from '@satta/shared/domain/messages';
import { BOTTOM_NAV_HEIGHT, Button, color, onMobile, useDialogFocus } from '@satta/shared/ui';
import { RELOAD_FLOAT_TOP, onReloadFloating } from '../layout/ReloadButton.tsx';
import { enablePush } from '../push/enablePush.ts';
import { resumePush } from '../push/resumePush.ts';
import { readPushEnvironment, rememberDismissal, shouldPrompt } from './shouldPrompt.ts';
import { usePromptMoment } from './usePromptMoment.ts';

/*
 * A small card at the bottom edge instead of a centred modal: it leaves the results (the
 * current game's card and the table's first rows) readable, has no backdrop, and is too small
 * to become the page's largest paint. It never covers the reload button (issue 28, point 6):
 * where that floats in the bottom-right corner the card stands just above it; on a medium
 * screen the button is in the header, and on a phone in the bottom bar, above which the card
 * sits.
 */
const Sheet = styled.div`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: 850;
  box-sizing: border-box;
  width: min(24rem, calc(100vw - 2rem));
  padding: 0.75rem 0.9rem;
  border: 1px solid ${color('--color-border')};
  border-radius: 10px;
  background: ${color('--color-surface')};
  color: ${color('--color-text')};
  box-shadow: 0 4px 16px rgb(0 0 0 / 30%);

  ${onReloadFloating} {
    bottom: calc(${RELOAD_FLOAT_TOP} + 0.75rem);
  }

  ${onMobile} {
    right: 0.5rem;
    bottom: calc(${BOTTOM_NAV_HEIGHT} + 0.5rem + env(safe-area-inset-bottom, 0px));
    width: calc(100vw - 1rem);
  }
`;

const Question = styled.h2`
  margin: 0 0 0.6rem;
  font-size: 0.95rem;
  font-weight: 600;
  line-height: 1.4;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  justify-content: flex-end;

  button {
    margin: 0;
    padding: 0.45rem 0.8rem;
    font-size: 0.9rem;
  }
`;

/**
 * The push notification prompt (docs/product.md, Push notifications). It opens once the
 * results have been on screen a few seconds (usePromptMoment) and asks once per browser: yes
 * asks the browser for permission (enablePush); no, Escape included, is remembered for
 * DISMISS_DAYS.
 */
export function NotificationPrompt() {
  const [open, setOpen] = useState(() => shouldPrompt(readPushEnvironment()));
  const due = usePromptMoment(open);
  // Already allowed: subscribe silently, without the prompt.
  useEffect(resumePush, []);
  if (!open || !due) return null;

  const allow = () => {
    setOpen(false);
    enablePush().catch((error: unknown) => console.error('push: could not enable notifications', error));
  };
  const deny = () => {
    setOpen(false);
    rememberDismissal();
  };
  return <PromptSheet onAllow={allow} onDeny={deny} />;
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
    <Sheet ref={ref} role="dialog" aria-labelledby={titleId} tabIndex={-1} onKeyDown={escapeOnly} data-testid="notify-prompt">
      <Question id={titleId} lang="hi">
        {NOTIFY_QUESTION}
      </Question>
      <Actions>
        <Button type="button" lang="hi" onClick={onAllow}>
          {NOTIFY_YES}
        </Button>
        <Button type="button" lang="hi" $variant="secondary" onClick={onDeny}>
          {NOTIFY_NO}
        </Button>
      </Actions>
    </Sheet>
  );
}
