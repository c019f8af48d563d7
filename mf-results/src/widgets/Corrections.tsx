import { useId, useRef } from 'react';
import styled from 'styled-components';
import { LOADING, MISSING_NUMBER } from '@satta/shared/domain/messages';
import { formatDisplayDate } from '@satta/shared/domain/siteTime';
import { siteDateTime } from '@satta/shared/domain/publishTimes';
import { useData, useRead } from '@satta/shared/data';
import { Card, CardHeading, StaleBadge, StickyScroll, StickyTable, color, onMobile } from '@satta/shared/ui';
import { useSideScroll } from '../hooks/useSideScroll.ts';
import {
  CORRECTIONS_COLUMNS,
  CORRECTIONS_EMPTY,
  CORRECTIONS_HEADING,
  CORRECTIONS_INTRO,
  CORRECTIONS_SCROLL_HINT,
  CORRECTIONS_TABLE_LABEL,
} from '../text.ts';

const Intro = styled.p`
  margin: 0 0 0.75rem;
  font-size: 0.9rem;
`;

const Cell = styled.td`
  white-space: nowrap;
`;

/*
 * On a phone the five columns are wider than the screen (issue 28, point 6): a line says the
 * table scrolls, and a shadow at the right edge shows there is more until it is scrolled to the
 * end. The line's space is always kept, so nothing moves: before the table is measured it shows
 * on a phone only, then exactly when the table is wider than its box.
 */
const Hint = styled.p`
  margin: 0 0 0.25rem;
  font-size: 0.8rem;
  text-align: end;
  color: ${color('--color-muted')};
  visibility: hidden;

  ${onMobile} {
    visibility: visible;
  }

  &[data-scrolls='true'] {
    visibility: visible;
  }

  &[data-scrolls='false'] {
    visibility: hidden;
  }
`;

const Edge = styled.div`
  position: relative;

  &[data-more-right='true']::after {
    content: '';
    position: absolute;
    top: 0;
    right: 0;
    bottom: 0;
    width: 1.75rem;
    border-radius: 0 6px 6px 0;
    background: linear-gradient(to left, rgb(0 0 0 / 22%), rgb(0 0 0 / 0%));
    pointer-events: none;
  }
`;

/**
 * /corrections: every change of a published number in the last 90 days, newest first: the game,
 * the result's date, the earlier and the new number, when it was published and when changed.
 * The audit trail (who changed it) stays with the admin.
 */
export default function Corrections() {
  const headingId = useId();
  const hintId = useId();
  const live = useRead((data) => data.corrections$(), []);
  const { timezone } = useData<'timezone'>();
  const list = live.data;
  const scroller = useRef<HTMLDivElement>(null);
  const { scrolls, moreRight } = useSideScroll(scroller, list);
  return (
    <Card aria-labelledby={headingId}>
      <CardHeading id={headingId}>
        {CORRECTIONS_HEADING}
        <StaleBadge show={live.stale && list !== undefined} at={live.at} />
      </CardHeading>
      <Intro>{CORRECTIONS_INTRO}</Intro>
      {list === undefined ? (
        <p>{LOADING}</p>
      ) : list.length === 0 ? (
        <p data-testid="corrections-empty">{CORRECTIONS_EMPTY}</p>
      ) : (
        <>
          <Hint id={hintId} data-scrolls={scrolls ?? undefined} data-testid="corrections-scroll-hint">
            {CORRECTIONS_SCROLL_HINT}
          </Hint>
          <Edge data-more-right={moreRight}>
            <StickyScroll
              ref={scroller}
              tabIndex={0}
              role="region"
              aria-label={CORRECTIONS_TABLE_LABEL}
              aria-describedby={scrolls ? hintId : undefined}
              data-testid="corrections-scroll"
            >
              <StickyTable>
                <thead>
                  <tr>
                    {CORRECTIONS_COLUMNS.map((column) => (
                      <th scope="col" key={column}>
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {list.map((c) => (
                    <tr key={c.id} data-correction={c.id}>
                      <th scope="row">{c.game}</th>
                      <Cell>{formatDisplayDate(c.date)}</Cell>
                      <Cell>
                        {c.from} → {c.to}
                      </Cell>
                      <Cell>{c.publishedAt === undefined ? MISSING_NUMBER : siteDateTime(c.publishedAt, timezone)}</Cell>
                      <Cell>{siteDateTime(c.correctedAt, timezone)}</Cell>
                    </tr>
                  ))}
                </tbody>
              </StickyTable>
            </StickyScroll>
          </Edge>
        </>
      )}
    </Card>
  );
}
