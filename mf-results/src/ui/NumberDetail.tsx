import { useId, useState, type ReactNode } from 'react';
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

// Positioned over what follows, so opening it never moves the page.
const Popover = styled.span`
  position: absolute;
  z-index: 5;
  top: calc(100% + 0.25rem);
  left: 50%;
  transform: translateX(-50%);
  width: max-content;
  max-width: 15rem;
  padding: 0.3rem 0.5rem;
  border: 1px solid ${color('--color-border')};
  border-radius: 0.25rem;
  background: ${color('--color-surface')};
  color: ${color('--color-text')};
  font-size: 0.8rem;
  font-weight: 400;
  white-space: normal;
  text-align: left;

  &[hidden] {
    display: none;
  }
`;

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
      <Popover id={id} role="note" hidden={!open}>
        {detail}
      </Popover>
    </Wrap>
  );
}
