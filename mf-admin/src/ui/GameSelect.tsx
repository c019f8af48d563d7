import { SELECT_SATTANAME } from '../domain/adminMessages.ts';
import { useGameNames } from '../hooks/useGameNames.ts';
import { Label, Select } from './controls.ts';

/** The Sattaname picker of the number forms; starts unchosen, so a choice is deliberate. */
export function GameSelect({ value, onChange, label = 'Sattaname' }: { value: string; onChange(v: string): void; label?: string }) {
  const games = useGameNames();
  return (
    <Label>
      {label}
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{SELECT_SATTANAME}</option>
        {games.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
    </Label>
  );
}
