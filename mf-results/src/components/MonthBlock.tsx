import styled from 'styled-components';
import { cellText, type MonthlyRow } from '@satta/shared/domain/monthlyTable';
import type { NoDraw } from '@satta/shared/domain/holidays';
import { LOADING } from '@satta/shared/domain/messages';
import { MonthTable, color, onMobile, visuallyHidden } from '@satta/shared/ui';
import { NoDrawMark } from '../ui/NoDrawMark.tsx';

/**
 * The month table of shared/ui (every row one line high in both blocks, so that side by side
 * their rows line up); the caption is for screen readers (the card's heading names the month for
 * everyone).
 */
const Table = styled(MonthTable)`
  caption {
    ${visuallyHidden}
  }

  /* Today's row, the one people look for. */
  tr[aria-current='date'] > * {
    background: ${color('--color-accent')};
    font-weight: 700;
  }

  tr[aria-current='date'] > th {
    scroll-margin: 4rem 0;
  }

  /*
   * 'अवकाश' no wider than a column's heading, so the first block still fits a phone, and no
   * taller than a number, so the rows of the two blocks still line up.
   */
  [data-state='no-draw'] {
    font-size: 0.8rem;
    line-height: 1;
  }

  /* Date and four games fit a 360 px screen without scrolling. */
  ${onMobile} {
    th,
    td {
      padding: 0.35rem 0.3rem;
    }

    thead th {
      font-size: 0.8rem;
    }
  }
`;

interface MonthBlockProps {
  caption: string;
  columns: readonly string[];
  /** Index of this block's first column in the rows' cells. */
  offset: number;
  rows: MonthlyRow[] | undefined;
  todayKey: string;
  /** The id of today's row header, for the link that jumps to it. */
  todayId?: string;
  /** Whether a column's game had no draw on a day (useNoDraw); asked only of a day without a number. */
  noDraw: NoDraw;
}

/**
 * One block of the monthly table: the Date column and some of the games. A day without a number
 * that was marked as having no draw shows 'अवकाश' instead of '-' (the rows end at today).
 */
export function MonthBlock({ caption, columns, offset, rows, todayKey, todayId, noDraw }: MonthBlockProps) {
  return (
    <Table
      caption={caption}
      columns={columns}
      days={rows}
      todayKey={todayKey}
      todayId={todayId}
      loading={{ text: LOADING }}
      cell={(r, c) => {
        const row = rows?.[r];
        const name = columns[c] ?? '';
        const value = row?.cells[offset + c] ?? null;
        return <td>{value === null && row && noDraw(name, row.dateKey) ? <NoDrawMark /> : cellText(value)}</td>;
      }}
    />
  );
}
