import { Fragment } from 'react';
import styled from 'styled-components';
import { color } from '@satta/shared/ui';
import { agentTimings, type Khaiwal } from '@satta/shared/domain/agents';
import { Pairs } from './AgentCard.styles.ts';
import { AGENT_TEXT } from './agentStrings.ts';

const Details = styled.details`
  margin: 10px 0 0;

  summary {
    min-height: 44px;
    display: flex;
    align-items: center;
    gap: 6px;
    color: ${color('--color-brand')};
    font-weight: 700;
    cursor: pointer;
  }

  summary:focus-visible {
    outline: 3px solid ${color('--color-focus')};
    outline-offset: 2px;
  }

  dl {
    margin-bottom: 6px;
  }
`;

/**
 * Per-game times: the agent's own, else the default times of the games. Closed until asked
 * for: twelve rows per card made three cards three screens long on a phone (issue 12, point 1).
 * A native disclosure, so it opens by keyboard and before any script has run.
 */
export function AgentTimings({ agent }: { agent: Pick<Khaiwal, 'customTimings'> }) {
  const timings = agentTimings(agent);
  return (
    <Details>
      <summary>{AGENT_TEXT.timingsSummary(timings.length)}</summary>
      <Pairs>
        {timings.map(([game, time], i) => (
          // An admin may list a game twice; the position keeps the keys unique.
          <Fragment key={`${i}:${game}`}>
            <dt>{game}</dt>
            <dd>{time}</dd>
          </Fragment>
        ))}
      </Pairs>
    </Details>
  );
}
