// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useDialogFocus } from './useDialogFocus.ts';

afterEach(cleanup);

function Dialog({ label, onClose, modal = true }: { label: string; onClose: () => void; modal?: boolean }) {
  const { ref, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose);
  return (
    <div ref={ref} role="dialog" aria-modal={modal ? 'true' : undefined} aria-label={label} tabIndex={-1} onKeyDown={onKeyDown}>
      <button type="button" data-autofocus>
        Close
      </button>
    </div>
  );
}

describe('useDialogFocus', () => {
  it('moves the focus to the control marked data-autofocus, and Escape there closes', () => {
    const onClose = vi.fn();
    render(<Dialog label="Chart" onClose={onClose} />);
    expect(document.activeElement?.textContent).toBe('Close');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape also when the focus has left the dialog for the page', () => {
    const onClose = vi.fn();
    render(<Dialog label="Chart" onClose={onClose} />);
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes only the topmost modal dialog', () => {
    const below = vi.fn();
    const top = vi.fn();
    render(
      <>
        <Dialog label="Chart" onClose={below} />
        <Dialog label="Confirm" onClose={top} />
      </>,
    );
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(top).toHaveBeenCalledTimes(1);
    expect(below).not.toHaveBeenCalled();
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
  });
});
