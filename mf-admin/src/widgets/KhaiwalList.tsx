import styled from 'styled-components';
import type { Khaiwal } from '@satta/shared/domain/agents';
import { LOADING } from '@satta/shared/domain/messages';
import { Button, colors } from '@satta/shared/ui';
import { NO_KHAIWALS } from '../domain/adminMessages.ts';

const List = styled.ul`
  list-style: none;
  margin: 16px 0 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  justify-content: space-between;
  border: 1px solid ${colors.line};
  border-radius: 8px;
  padding: 8px;
  span {
    overflow-wrap: anywhere;
  }
`;

/** The stored agents (not the public page's samples), each with Edit and Delete. */
export function KhaiwalList({
  agents,
  busy,
  onEdit,
  onDelete,
}: {
  agents: Khaiwal[] | undefined;
  busy: boolean;
  onEdit(agent: Khaiwal): void;
  onDelete(agent: Khaiwal): void;
}) {
  if (!agents) return <p>{LOADING}</p>;
  if (agents.length === 0) return <p>{NO_KHAIWALS}</p>;
  return (
    <List aria-label="Khaiwals">
      {agents.map((agent) => {
        const name = agent.name || agent.id;
        return (
          <Item key={agent.id}>
            <span>
              <strong>{name}</strong> {agent.phone}
            </span>
            <span>
              <Button $size="compact" type="button" $variant="secondary" onClick={() => onEdit(agent)} aria-label={`Edit ${name}`}>
                Edit
              </Button>{' '}
              <Button
                $size="compact"
                type="button"
                $variant="danger"
                onClick={() => onDelete(agent)}
                disabled={busy}
                aria-label={`Delete ${name}`}
              >
                Delete
              </Button>
            </span>
          </Item>
        );
      })}
    </List>
  );
}
