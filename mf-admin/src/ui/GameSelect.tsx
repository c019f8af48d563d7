import styled from 'styled-components';
import { Label, Select } from '@satta/shared/ui';
import { SELECT_SATTANAME } from '../domain/adminMessages.ts';
import { useGameNames } from '../hooks/useGameNames.ts';

// Wide enough for 'Select Sattaname' and the longest game names: beside the number on a wide
// screen, on a line of its own at 360 px instead of cut to 'Select Sattanar'. Doubled to win over
// the Row's own basis for its children.
const GameLabel = styled(Label)`
  && {
    flex: 2 1 220px;
  }
`;

/** The Sattaname picker of the number forms; starts unchosen, so a choice is deliberate. */
export function GameSelect({ value, onChange, label = 'Sattaname' }: { value: string; onChange(v: string): void; label?: string }) {
  const games = useGameNames();
  return (
    <GameLabel>
      {label}
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{SELECT_SATTANAME}</option>
        {games.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
    </GameLabel>
  );
}
