import styled from 'styled-components';

/**
 * Scroll box for a results table. It scrolls both ways so the header row and the first
 * (date or game) column can stay stuck to its edges while the rest moves.
 */
export const TableScroll = styled.div<{ $maxHeight?: string }>`
  max-width: 100%;
  max-height: ${(p) => p.$maxHeight ?? 'none'};
  overflow: auto;
  -webkit-overflow-scrolling: touch;
  border: 1px solid var(--color-border, #d0d0d0);
  border-radius: 6px;

  &:focus-visible {
    outline: 3px solid var(--color-focus, #1565c0);
    outline-offset: 2px;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: separate;
  border-spacing: 0;
  font-size: 0.95rem;
  text-align: center;

  caption {
    padding: 0.4rem;
    font-weight: 700;
    text-align: start;
  }

  th,
  td {
    padding: 0.4rem 0.5rem;
    border-bottom: 1px solid var(--color-border, #d0d0d0);
    white-space: nowrap;
  }

  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
    background: var(--color-table-head, #263238);
    color: var(--color-table-head-text, #ffffff);
  }

  tbody th {
    position: sticky;
    left: 0;
    z-index: 1;
    background: var(--color-table-side, #eceff1);
    text-align: start;
  }

  /* The corner cell is stuck both ways, so it must sit above both sticky edges. */
  thead th:first-child {
    left: 0;
    z-index: 3;
  }
`;
