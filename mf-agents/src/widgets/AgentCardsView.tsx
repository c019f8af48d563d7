import { useId } from 'react';
import styled from 'styled-components';
import { color } from '@satta/shared/ui';
import { agentsToShow, type Khaiwal } from '@satta/shared/domain/agents';
import type { Live } from '@satta/shared/data';
import { AgentCard } from './AgentCard.tsx';
import { AGENT_TEXT } from './agentStrings.ts';
import { ERROR_FETCHING_KHAIWALS } from '@satta/shared/domain/messages';

const Section = styled.section`
  padding: 16px 12px;
`;

const Heading = styled.h2`
  margin: 0 0 12px;
  text-align: center;
  color: ${color('--color-brand')};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
  gap: 16px;
`;

const Note = styled.p`
  text-align: center;
  margin: 8px 0 12px;
`;

const ErrorNote = styled(Note)`
  color: ${color('--color-error-text')};
  font-weight: 600;
`;

/**
 * The directory for one state of the live stream: loading, failed, or the agents (the samples
 * while the store is empty). Data that is already shown stays when a later error arrives.
 */
export function AgentCardsView({ live }: { live: Live<Khaiwal[]> }) {
  const { data, error } = live;
  const agents = data === undefined ? undefined : agentsToShow(data);
  const headingId = useId();
  return (
    <Section aria-labelledby={headingId} aria-busy={data === undefined && error === null}>
      <Heading id={headingId}>{AGENT_TEXT.heading}</Heading>
      {error !== null && <ErrorNote role="alert">{ERROR_FETCHING_KHAIWALS}</ErrorNote>}
      {agents === undefined && error === null && <Note role="status">{AGENT_TEXT.loading}</Note>}
      {data !== undefined && data.length === 0 && <Note>{AGENT_TEXT.samplesNote}</Note>}
      {agents !== undefined && (
        <Grid>
          {agents.map((agent) => (
            <AgentCard key={agent.id} agent={agent} />
          ))}
        </Grid>
      )}
    </Section>
  );
}
