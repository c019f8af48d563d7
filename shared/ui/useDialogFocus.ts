import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Keyboard behaviour of a modal dialog: focus moves into it when it opens (to the element
 * marked data-autofocus, else the first control), Tab cycles inside it, Escape closes it (when
 * it can be closed), and focus goes back to what opened it when it closes. With `lockScroll`
 * the page behind stops scrolling meanwhile, for a dialog that covers it. With
 * `takeFocus: 'if-idle'` (a card that appears by itself, not by the visitor's action) focus moves
 * in only when nothing has it and no modal dialog is open, so it is never taken from a field or
 * an open chart; it is given back on close only if it was in the card.
 */
export function useDialogFocus<T extends HTMLElement>(
  onClose: (() => void) | undefined,
  { lockScroll = false, takeFocus = true }: { lockScroll?: boolean; takeFocus?: boolean | 'if-idle' } = {},
): { ref: RefObject<T | null>; onKeyDown: (event: KeyboardEvent) => void } {
  const ref = useRef<T>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    const idle = (!opener || opener === document.body) && !document.querySelector('[aria-modal="true"]');
    if (takeFocus === true || (takeFocus === 'if-idle' && idle)) (first ?? ref.current)?.focus();
    const overflow = document.body.style.overflow;
    if (lockScroll) document.body.style.overflow = 'hidden';
    const dialog = ref.current;
    return () => {
      if (lockScroll) document.body.style.overflow = overflow;
      const inside = dialog !== null && dialog.contains(document.activeElement);
      if (takeFocus === true || inside) opener?.focus();
    };
  }, [lockScroll, takeFocus]);

  // Escape closes the topmost modal dialog even when the focus has left it (a part of the dialog
  // that was focused re-rendered, or the visitor clicked its background): the focus is then on
  // the page's body, where the dialog's own key handler never hears the key.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      const dialog = ref.current;
      if (event.key !== 'Escape' || event.defaultPrevented || !close.current || !dialog) return;
      if (dialog.contains(document.activeElement)) return; // the dialog's own handler has it
      const modals = document.querySelectorAll('[aria-modal="true"]');
      if (modals[modals.length - 1] !== dialog) return;
      close.current();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { ref, onKeyDown };
}
