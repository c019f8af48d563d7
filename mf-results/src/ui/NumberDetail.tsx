import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import styled from 'styled-components';
import { color } from '@satta/shared/ui';
import type { DayMeta } from '@satta/shared/domain/results';
import { CORRECTED, isCorrected, resultDetail } from '@satta/shared/domain/publishTimes';

const Wrap = styled.span`
  position: relative;
  display: inline-block;
`;

// The number itself is the control: hover shows its title, a tap or focus opens the detail.
const Trigger = styled.button`
  font: inherit;
  color: inherit;
  background: none;
  border: 0;
  padding: 0;
  cursor: help;
  text-decoration: underline dotted;
  text-underline-offset: 0.2em;
`;

export const CorrectedBadge = styled.span`
  display: inline-block;
  margin-inline-start: 0.3em;
  padding: 0 0.3em;
  border-radius: 0.25rem;
  font-size: 0.7rem;
  font-weight: 700;
  vertical-align: middle;
  background: ${color('--color-stale-bg')};
  color: ${color('--color-stale-text')};
`;

// Positioned over what follows, so opening it never moves the page; --shift (set when it opens)
// moves it sideways to stay whole inside the table's scroll box and the screen.
const Popover = styled.span`
  position: absolute;
  z-index: 5;
  top: calc(100% + 0.25rem);
  left: 50%;
  transform: translateX(calc(-50% + var(--shift, 0px)));
  width: max-content;
  max-width: min(15rem, calc(100vw - 2rem));
  padding: 0.3rem 0.5rem;
  border: 1px solid ${color('--color-border')};
  border-radius: 0.25rem;
  background: ${color('--color-surface')};
  color: ${color('--color-text')};
  font-size: 0.8rem;
  font-weight: 400;
  white-space: normal;
  overflow-wrap: anywhere;
  text-align: left;

  &[hidden] {
    display: none;
  }
`;

/** Room kept between the note and the edge it is kept inside. */
const EDGE_MARGIN = 4;

interface Span {
  left: number;
  right: number;
}

/**
 * How far (px) a note at `note` must move sideways to lie inside `bounds` with a small margin;
 * one wider than the room starts at its left edge (it reads from there).
 */
export function noteShift(note: Span, bounds: Span, margin = EDGE_MARGIN): number {
  const left = bounds.left + margin;
  const right = bounds.right - margin;
  if (note.right - note.left >= right - left || note.left < left) return left - note.left;
  if (note.right > right) return right - note.right;
  return 0;
}

/** The part of the screen where the element can be seen: the screen, within its nearest box that clips sideways. */
function visibleSpan(el: HTMLElement): Span {
  let span: Span = { left: 0, right: document.documentElement.clientWidth || window.innerWidth };
  for (let box = el.parentElement; box; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowX;
    if (overflow && overflow !== 'visible') {
      const rect = box.getBoundingClientRect();
      const left = rect.left + box.clientLeft;
      span = { left: Math.max(span.left, left), right: Math.min(span.right, left + box.clientWidth) };
      break;
    }
  }
  return span;
}

interface Props {
  meta: DayMeta | undefined;
  timezone: string;
  children: ReactNode;
}

/**
 * A published number with its publish time (and, once corrected, a 'संशोधित' badge and the
 * earlier value): the title on hover, a disclosure on tap or keyboard focus. A number without
 * times (old data) is shown exactly as before.
 */
export function NumberDetail({ meta, timezone, children }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [shift, setShift] = useState(0);
  const note = useRef<HTMLSpanElement>(null);
  // Centred under the number unless that would cut it at the edge of the table or the screen
  // (the last column on a phone): measured before paint, so it never shows cut.
  useLayoutEffect(() => {
    const el = note.current;
    if (!open || !el) return undefined;
    setShift(noteShift(el.getBoundingClientRect(), visibleSpan(el)));
    return () => setShift(0);
  }, [open]);
  const detail = resultDetail(meta, timezone);
  if (detail === null) return <>{children}</>;
  return (
    <Wrap data-detail={detail}>
      <Trigger
        type="button"
        title={detail}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        {children}
        {isCorrected(meta) && <CorrectedBadge data-testid="corrected">{CORRECTED}</CorrectedBadge>}
      </Trigger>
      <Popover ref={note} id={id} role="note" hidden={!open} style={shift ? ({ '--shift': `${shift}px` } as CSSProperties) : undefined}>
        {detail}
      </Popover>
    </Wrap>
  );
}
