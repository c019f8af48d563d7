import styled, { css } from 'styled-components';
import { colors } from './tokens.ts';

// The compact form controls of the admin dashboard, where many forms share one screen. Buttons
// are the shared `Button` with `$size="compact"` (primitives.tsx).

const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 1px;
  }
`;

const box = css`
  box-sizing: border-box;
  width: 100%;
  min-height: 40px;
  padding: 8px 10px;
  border: 1px solid ${colors.line};
  border-radius: 6px;
  font: inherit;
  color: ${colors.ink};
  background: ${colors.panel};
  ${focusRing}
`;

export const Input = styled.input`
  ${box}
`;

export const Select = styled.select`
  ${box}
`;

export const TextArea = styled.textarea`
  ${box}
  min-height: 4.5em;
`;

/** A label wrapping its control, so the field is named without ids to keep in step. */
export const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: 0.9rem;
  color: ${colors.muted};
  min-width: 0;
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

/** Controls side by side on a wide screen, stacked on a phone. */
export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-end;
  & > * {
    flex: 1 1 140px;
  }
`;

/**
 * A plain list of records (left-aligned, no coloured head, unlike `TableScroll` + `Table`) that
 * scrolls sideways inside its panel instead of widening a 360 px page.
 */
export const RecordTable = styled.div`
  overflow: auto;
  max-width: 100%;
  table {
    border-collapse: collapse;
    width: 100%;
    font-size: 0.9rem;
  }
  th,
  td {
    text-align: left;
    padding: 6px 8px;
    border-bottom: 1px solid ${colors.line};
    vertical-align: top;
  }
`;
