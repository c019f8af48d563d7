import { useId, useMemo, type MouseEvent } from 'react';
import styled from 'styled-components';
import { HOME_MONTHLY_COLUMNS, HOME_MONTHLY_PINNED } from '@satta/shared/domain/games';
import { monthlyRows } from '@satta/shared/domain/monthlyTable';
import { MONTH_NAMES } from '@satta/shared/domain/yearlyChart';
import { useRead } from '@satta/shared/data';
import { useNoDraw } from '../hooks/useNoDraw.ts';
import { useSiteDay } from '../hooks/useSiteDay.ts';
import { DAY_TICK_MS } from '../hooks/ticks.ts';
import { Card, CardHeading, StaleBadge, StickyScroll, color } from '@satta/shared/ui';
import { MonthBlock } from '../components/MonthBlock.tsx';
import { MONTHLY_CAPTION, MONTHLY_JUMP_TODAY, MONTHLY_MORE_CAPTION, MONTHLY_SCROLL_HINT } from '../text.ts';

/**
 * Side by side where there is room, stacked on a phone. Neither block scrolls up and down: the
 * page scrolls as one, and both blocks start at the same height with rows of one height, so
 * their rows line up. The eight games scroll sideways with the Date column stuck to the left.
 */
const Blocks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: flex-start;

  > :first-child {
    flex: 0 1 auto;
    min-width: 0;
    max-width: 100%;
  }

  > :last-child {
    flex: 1 1 18rem;
    min-width: 0;
  }
`;

const Jump = styled.a`
  display: block;
  width: fit-content;
  min-height: 2.75rem;
  box-sizing: border-box;
  margin: 0 auto 0.75rem;
  padding: 0.6rem 1rem;
  border-radius: 999px;
  background: ${color('--color-cta-bg')};
  color: ${color('--color-cta-text')};
  text-decoration: none;

  &:focus-visible {
    outline: 3px solid ${color('--color-focus')};
    outline-offset: 2px;
  }
`;

const Hint = styled.p`
  margin: 0.25rem 0 0;
  font-size: 0.8rem;
`;

/** Today's row header in the first block (one monthly table per page). */
const TODAY_ID = 'monthly-today';

const PINNED = HOME_MONTHLY_COLUMNS.slice(0, HOME_MONTHLY_PINNED);
const SCROLLING = HOME_MONTHLY_COLUMNS.slice(HOME_MONTHLY_PINNED);

/** Brings today's row into view and moves focus to it; a plain jump to #id without scripts. */
function jumpToToday(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const row = document.getElementById(id);
  if (!row) return;
  event.preventDefault();
  row.scrollIntoView({ block: 'center' });
  row.focus({ preventScroll: true });
}

/**
 * This month from the 1st to today: the first four games in one block, eight more beside it. A
 * day marked as having no draw, and without a number, reads 'अवकाश' (future days are not listed).
 */
export default function MonthlyTable() {
  const headingId = useId();
  const live = useRead((data) => data.homeGames$(), []); // yesterday and this month so far, cache first
  const noDraw = useNoDraw(live.data);
  const { now, todayKey } = useSiteDay(DAY_TICK_MS);
  const rows = useMemo(() => (live.data ? monthlyRows(todayKey, live.data, HOME_MONTHLY_COLUMNS) : undefined), [live.data, todayKey]);
  const month = `${MONTH_NAMES[now.month - 1] ?? ''} ${now.year}`;
  const stale = live.stale && rows !== undefined;
  const today = rows?.find((row) => row.dateKey === todayKey);
  return (
    <Card aria-labelledby={headingId}>
      <CardHeading id={headingId}>
        {MONTHLY_CAPTION(month)}
        <StaleBadge show={stale} at={live.at} />
      </CardHeading>
      {today && (
        <Jump href={`#${TODAY_ID}`} onClick={(event) => jumpToToday(event, TODAY_ID)} data-testid="monthly-jump">
          {MONTHLY_JUMP_TODAY(today.label)}
        </Jump>
      )}
      <Blocks>
        <StickyScroll tabIndex={0} role="region" aria-label={MONTHLY_CAPTION(month)}>
          <MonthBlock
            caption={MONTHLY_CAPTION(month)}
            columns={PINNED}
            offset={0}
            rows={rows}
            todayKey={todayKey}
            todayId={TODAY_ID}
            noDraw={noDraw}
          />
        </StickyScroll>
        <div>
          <StickyScroll tabIndex={0} role="region" aria-label={MONTHLY_MORE_CAPTION(month)}>
            <MonthBlock
              caption={MONTHLY_MORE_CAPTION(month)}
              columns={SCROLLING}
              offset={HOME_MONTHLY_PINNED}
              rows={rows}
              todayKey={todayKey}
              noDraw={noDraw}
            />
          </StickyScroll>
          <Hint>{MONTHLY_SCROLL_HINT}</Hint>
        </div>
      </Blocks>
    </Card>
  );
}
