import styled from 'styled-components';
import { CLOCK_TICK_MS } from '@satta/shared/domain/constants';
import { formatClock } from '@satta/shared/domain/siteTime';
import { useNow } from '../hooks/useNow.ts';
import { useResultsData } from '../hooks/resultsData.ts';
import { Card } from '@satta/shared/ui';
import { CLOCK_LABEL } from '../text.ts';

const Time = styled.time`
  display: block;
  font-size: clamp(1.6rem, 8vw, 2.4rem);
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Day = styled.p`
  margin: 0.25rem 0 0;
`;

const Centered = styled(Card)`
  text-align: center;
`;

/**
 * The site-timezone clock, every second. Not a live region: announcing every second would
 * drown a screen reader.
 */
export default function Clock() {
  const { timezone } = useResultsData();
  const now = useNow(CLOCK_TICK_MS);
  const text = formatClock(now, timezone);
  return (
    <Centered aria-label={CLOCK_LABEL}>
      <Time dateTime={now.toISOString()} data-testid="clock-time">
        {text.time}
      </Time>
      <Day data-testid="clock-date">
        {text.weekday}, {text.date}
      </Day>
    </Centered>
  );
}
