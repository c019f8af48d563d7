import { useMemo } from 'react';
import styled from 'styled-components';
import { HOME_MONTHLY_COLUMNS, HOME_MONTHLY_PINNED } from '@satta/shared/domain/games';
import { monthlyRows } from '@satta/shared/domain/monthlyTable';
import { MONTH_NAMES } from '@satta/shared/domain/yearlyChart';
import { useHomeGames } from '../hooks/useHomeGames.ts';
import { useSiteDay } from '../hooks/useSiteDay.ts';
import { DAY_TICK_MS } from '../hooks/ticks.ts';
import { Card, StickyScroll } from '@satta/shared/ui';
import { MonthBlock } from '../components/MonthBlock.tsx';
import { MONTHLY_CAPTION, MONTHLY_MORE_CAPTION, MONTHLY_SCROLL_HINT } from '../text.ts';

// Side by side where there is room; stacked on a phone, where each block gets the full width.
const Blocks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: flex-start;

  > * {
    flex: 1 1 18rem;
    min-width: 0;
  }
`;

const Hint = styled.p`
  margin: 0.25rem 0 0;
  font-size: 0.8rem;
`;

const PINNED = HOME_MONTHLY_COLUMNS.slice(0, HOME_MONTHLY_PINNED);
const SCROLLING = HOME_MONTHLY_COLUMNS.slice(HOME_MONTHLY_PINNED);

/** This month from the 1st to today: the first four games in one block, eight more beside it. */
export default function MonthlyTable() {
  const live = useHomeGames();
  const { now, todayKey } = useSiteDay(DAY_TICK_MS);
  const rows = useMemo(
    () => (live.data ? monthlyRows(todayKey, live.data, HOME_MONTHLY_COLUMNS) : undefined),
    [live.data, todayKey],
  );
  const month = `${MONTH_NAMES[now.month - 1] ?? ''} ${now.year}`;
  const stale = live.stale && rows !== undefined;
  return (
    <Card>
      <Blocks>
        <StickyScroll tabIndex={0} role="region" aria-label={MONTHLY_CAPTION(month)} $maxHeight="70vh">
          <MonthBlock caption={MONTHLY_CAPTION(month)} columns={PINNED} offset={0} rows={rows} stale={stale} />
        </StickyScroll>
        <div>
          <StickyScroll tabIndex={0} role="region" aria-label={MONTHLY_MORE_CAPTION(month)} $maxHeight="70vh">
            <MonthBlock
              caption={MONTHLY_MORE_CAPTION(month)}
              columns={SCROLLING}
              offset={HOME_MONTHLY_PINNED}
              rows={rows}
              stale={stale}
            />
          </StickyScroll>
          <Hint>{MONTHLY_SCROLL_HINT}</Hint>
        </div>
      </Blocks>
    </Card>
  );
}
