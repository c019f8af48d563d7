import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { color } from './tokens.ts';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 1rem;
  background: rgb(0 0 0 / 55%);
`;

const Dialog = styled.div`
  box-sizing: border-box;
  width: min(28rem, 100%);
  max-height: calc(100vh - 2rem);
  overflow: auto;
  padding: 1.25rem;
  border-radius: 10px;
  background: ${color('--color-surface')};
  color: ${color('--color-text')};
  box-shadow: 0 10px 30px rgb(0 0 0 / 35%);
`;

const Title = styled.h2`
  margin: 0 0 0.75rem;
  font-size: 1.2rem;
`;

export interface ModalProps {
  title: ReactNode;
  children: ReactNode;
  /** Escape and a click on the backdrop call this; without it the modal only closes from inside. */
  onClose?: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves into it on open, Tab stays inside, Escape closes, and focus
 * returns to where it was when it closes (keyboard users never get lost behind the backdrop).
 */
export function Modal({ title, children, onClose }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = dialog.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog.current)?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const [first, last] = [items[0], items[items.length - 1]];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Backdrop onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <Dialog ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <Title id={titleId}>{title}</Title>
        {children}
      </Dialog>
    </Backdrop>
  );
}
