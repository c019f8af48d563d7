import styled from 'styled-components';
import { CLOCK_TICK_MS } from '@satta/shared/domain/constants';
import { formatClock, zoneLabel } from '@satta/shared/domain/siteTime';
import { useData } from '@satta/shared/data';
import { useNow } from '../hooks/useNow.ts';
import { Card } from '@satta/shared/ui';
import { CLOCK_LABEL } from '../text.ts';

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: center;
  gap: 0 0.4rem;
  margin: 0;
`;

const Zone = styled.abbr`
  font-size: 1rem;
  font-weight: 700;
  text-decoration: none;
`;

const Time = styled.time`
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
  const { timezone } = useData<'timezone'>();
  const now = useNow(CLOCK_TICK_MS);
  const text = formatClock(now, timezone);
  return (
    <Centered aria-label={CLOCK_LABEL}>
      <Line>
        {/* The server's time is a few seconds older: the browser adopts it and the next tick corrects it. */}
        <Time dateTime={now.toISOString()} data-testid="clock-time" suppressHydrationWarning>
          {text.time}
        </Time>
        <Zone title={timezone} data-testid="clock-zone">
          {zoneLabel(timezone, now)}
        </Zone>
      </Line>
      <Day data-testid="clock-date">
        {text.weekday}, {text.date}
      </Day>
    </Centered>
  );
}
