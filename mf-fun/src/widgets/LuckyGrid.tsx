import styled, { css } from 'styled-components';
import { LUCKY_GRID } from '@satta/shared/domain/lucky';
import { VisuallyHidden, color } from '@satta/shared/ui';
import { LUCKY_TEXT } from '../lucky/luckyStrings.ts';
import { twoDigits } from '../lucky/twoDigits.ts';

const Grid = styled.ol`
  display: grid;
  grid-template-columns: repeat(10, minmax(0, 1fr));
  gap: 3px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Cell = styled.li<{ $lucky: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 1;
  min-width: 0;
  border: 1px solid ${color('--color-border')};
  border-radius: 4px;
  background: ${color('--color-surface')};
  font-size: clamp(0.7rem, 3.2vw, 1rem);
  font-variant-numeric: tabular-nums;
  ${(p) =>
    p.$lucky &&
    css`
      border: 2px solid ${color('--color-brand')};
      outline: 2px solid ${color('--color-accent')};
      outline-offset: -5px;
      background: ${color('--color-accent')};
      color: #2b1100;
      font-weight: 800;
    `}
`;

const Star = styled.span`
  position: absolute;
  top: 0;
  right: 2px;
  font-size: 0.65em;
  line-height: 1;
`;

/** Counts of each drawn number; a number drawn twice is one highlighted cell marked ×2. */
function countOf(numbers: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const n of numbers) counts.set(n, (counts.get(n) ?? 0) + 1);
  return counts;
}

/** The 0–99 grid; drawn numbers are marked by a star, bold text and an outline, not colour alone. */
export function LuckyGrid({ numbers }: { numbers: readonly number[] | null }) {
  const counts = countOf(numbers ?? []);
  return (
    <Grid aria-label={LUCKY_TEXT.gridLabel}>
      {LUCKY_GRID.map((n) => {
        const count = counts.get(n) ?? 0;
        return (
          <Cell key={n} $lucky={count > 0} data-lucky={count > 0 ? 'true' : undefined}>
            {twoDigits(n)}
            {count > 0 && (
              <>
                <Star aria-hidden="true">{count > 1 ? `★${LUCKY_TEXT.times(count)}` : '★'}</Star>
                <VisuallyHidden>{` ${LUCKY_TEXT.luckyMark}${count > 1 ? ` ${LUCKY_TEXT.times(count)}` : ''}`}</VisuallyHidden>
              </>
            )}
          </Cell>
        );
      })}
    </Grid>
  );
}
