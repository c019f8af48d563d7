import { useId } from 'react';
import styled from 'styled-components';
import { LOADING, MISSING_NUMBER } from '@satta/shared/domain/messages';
import { formatDisplayDate } from '@satta/shared/domain/siteTime';
import { siteDateTime } from '@satta/shared/domain/publishTimes';
import { Card, CardHeading, StaleBadge, StickyScroll, StickyTable } from '@satta/shared/ui';
import { useCorrections } from '../hooks/useCorrections.ts';
import { useResultsData } from '../hooks/resultsData.ts';
import { CORRECTIONS_COLUMNS, CORRECTIONS_EMPTY, CORRECTIONS_HEADING, CORRECTIONS_INTRO } from '../text.ts';

const Intro = styled.p`
  margin: 0 0 0.75rem;
  font-size: 0.9rem;
`;

const Cell = styled.td`
  white-space: nowrap;
`;

/**
 * /corrections: every change of a published number in the last 90 days, newest first: the game,
 * the result's date, the earlier and the new number, when it was published and when changed.
 * The audit trail (who changed it) stays with the admin.
 */
export default function Corrections() {
  const headingId = useId();
  const live = useCorrections();
  const { timezone } = useResultsData();
  const list = live.data;
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
        <StickyScroll tabIndex={0} role="region" aria-labelledby={headingId}>
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
      )}
    </Card>
  );
}
