import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { color } from './tokens.ts';
import { useDialogFocus } from './useDialogFocus.ts';

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

/**
 * A modal dialog: focus moves into it on open, Tab stays inside, Escape closes, and focus
 * returns to where it was when it closes (keyboard users never get lost behind the backdrop).
 */
export function Modal({ title, children, onClose }: ModalProps) {
  const titleId = useId();
  const { ref: dialog, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose);

  return (
    <Backdrop onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <Dialog ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <Title id={titleId}>{title}</Title>
        {children}
      </Dialog>
    </Backdrop>
  );
}
