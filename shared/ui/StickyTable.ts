import styled from 'styled-components';
import { Table, TableScroll } from './primitives.tsx';
import { color } from './tokens.ts';

/**
 * The shared scroll box, bounded in height when asked, so that the header row and the first
 * (date or game) column can stay stuck to its edges while the rest scrolls.
 */
export const StickyScroll = styled(TableScroll)<{ $maxHeight?: string }>`
  max-height: ${(p) => p.$maxHeight ?? 'none'};
  -webkit-overflow-scrolling: touch;
`;

// Sticky cells need separate borders: with collapsed borders the lines stay behind on scroll.
export const StickyTable = styled(Table)`
  border-collapse: separate;
  border-spacing: 0;

  caption {
    padding: 0.4rem;
    font-weight: 700;
    text-align: start;
  }

  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
  }

  tbody th {
    position: sticky;
    left: 0;
    z-index: 1;
    background: ${color('--color-table-side')};
    text-align: start;
  }

  /* The corner cell is stuck both ways, so it sits above both sticky edges. */
  thead th:first-child {
    left: 0;
    z-index: 3;
  }
`;
