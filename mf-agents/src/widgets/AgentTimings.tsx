import { Fragment } from 'react';
import { agentTimings, type Khaiwal } from '@satta/shared/domain/agents';
import { Pairs, SectionTitle } from './AgentCard.styles.ts';
import { AGENT_TEXT } from './agentStrings.ts';

/** Per-game times: the agent's own, else the default times of the games. */
export function AgentTimings({ agent }: { agent: Pick<Khaiwal, 'customTimings'> }) {
  return (
    <section>
      <SectionTitle>{AGENT_TEXT.timings}</SectionTitle>
      <Pairs>
        {agentTimings(agent).map(([game, time], i) => (
          // An admin may list a game twice; the position keeps the keys unique.
          <Fragment key={`${i}:${game}`}>
            <dt>{game}</dt>
            <dd>{time}</dd>
          </Fragment>
        ))}
      </Pairs>
    </section>
  );
}
