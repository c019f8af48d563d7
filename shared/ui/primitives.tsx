import styled, { css } from 'styled-components';
import { color } from './tokens.ts';

const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${color('--color-focus')};
    outline-offset: 2px;
  }
`;

/** The box every widget and page section sits in. */
export const Card = styled.section`
  box-sizing: border-box;
  max-width: 100%;
  margin: 0 auto 1rem;
  padding: 0.75rem;
  border-radius: 8px;
  background: ${color('--color-surface')};
  color: ${color('--color-text')};
  box-shadow: 0 1px 3px rgb(0 0 0 / 15%);
`;

export const CardHeading = styled.h2`
  margin: 0 0 0.5rem;
  font-size: 1.1rem;
  text-align: center;
`;

/**
 * Primary action button; `$variant="secondary"` for the lesser choice, `"danger"` for one that
 * deletes. `$size="compact"` is the dashboard's smaller button, in step with its controls
 * (controls.ts).
 */
export const Button = styled.button<{ $variant?: 'primary' | 'secondary' | 'danger'; $size?: 'regular' | 'compact' }>`
  min-height: 2.75rem;
  padding: 0.5rem 1.1rem;
  border-radius: 6px;
  border: 2px solid ${color('--color-brand')};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  ${(p) =>
    p.$variant === 'secondary'
      ? css`
          background: ${color('--color-surface')};
          color: ${color('--color-brand')};
        `
      : p.$variant === 'danger'
        ? css`
            border-color: ${color('--color-wait')};
            background: ${color('--color-wait')};
            color: ${color('--color-brand-text')};
          `
        : css`
            background: ${color('--color-brand')};
            color: ${color('--color-brand-text')};
          `}

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }

  ${focusRing}

  ${(p) =>
    p.$size === 'compact' &&
    css`
      min-height: 40px;
      padding: 8px 14px;
      border-width: 1px;
      &:focus-visible {
        outline-offset: 1px;
      }
      &:disabled {
        opacity: 0.55;
      }
    `}
`;

/** A status line: polite for success and information, assertive for errors. */
export const Message = styled.p.attrs<{ $tone: 'success' | 'error' | 'info' }>((p) => ({
  role: p.$tone === 'error' ? 'alert' : 'status',
}))<{ $tone: 'success' | 'error' | 'info' }>`
  margin: 0.5rem 0;
  padding: 0.5rem 0.75rem;
  border-radius: 6px;
  ${(p) =>
    p.$tone === 'error'
      ? css`
          background: ${color('--color-error-bg')};
          color: ${color('--color-error-text')};
        `
      : p.$tone === 'success'
        ? css`
            background: ${color('--color-success-bg')};
            color: ${color('--color-success-text')};
          `
        : css`
            background: ${color('--color-banner-bg')};
            color: ${color('--color-banner-text')};
          `}
`;

/** A labelled form field: label above the input, full width on small screens. */
export const Field = styled.label`
  display: grid;
  gap: 0.25rem;
  margin-bottom: 0.75rem;
  font-weight: 600;

  input,
  select,
  textarea {
    box-sizing: border-box;
    width: 100%;
    min-height: 2.75rem;
    padding: 0.5rem 0.6rem;
    border: 1px solid ${color('--color-border')};
    border-radius: 6px;
    font: inherit;
    font-weight: 400;
    ${focusRing}
  }
`;

/** Scroll box for a wide table, so the page itself never scrolls sideways at 360 px. */
export const TableScroll = styled.div`
  max-width: 100%;
  overflow: auto;
  border: 1px solid ${color('--color-border')};
  border-radius: 6px;
  ${focusRing}
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  text-align: center;

  th,
  td {
    padding: 0.4rem 0.5rem;
    border-bottom: 1px solid ${color('--color-border')};
    white-space: nowrap;
  }

  thead th {
    background: ${color('--color-table-head')};
    color: ${color('--color-table-head-text')};
  }
`;

/** Out of sight, still read by screen readers: for a caption, or text shown only on wider screens. */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** Text for screen readers only. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
