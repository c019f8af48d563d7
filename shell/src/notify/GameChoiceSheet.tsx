import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { GAMES, orderGames, sameGame } from '@satta/shared/domain/games';
import { Button, Message, VisuallyHidden, color, getPushFollow, useDialogFocus } from '@satta/shared/ui';
import { BottomCard, CardActions, CardTitle } from './bottomCard.ts';
import { follow } from './followGames.ts';

export const GAMES_TITLE = 'किन खेलों की सूचना चाहिए? (Games to notify)';
export const ALL_GAMES = 'सभी खेल (All games)';
export const SAVE = 'सहेजें (Save)';
export const CLOSE = 'बंद करें (Close)';
export const PICK_ONE = 'कम से कम एक खेल चुनें (Pick at least one game)';
export const SAVE_FAILED = 'सहेजा नहीं जा सका, फिर कोशिश करें (Could not save, try again)';

// Each choice is a whole row of at least 44 px, easy to hit with a thumb.
const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  font-size: 0.95rem;
  cursor: pointer;

  input {
    width: 1.15rem;
    height: 1.15rem;
    margin: 0;
    accent-color: ${color('--color-brand')};
  }
`;

const Games = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  column-gap: 0.75rem;
  margin: 0 0 0.5rem;
  padding: 0 0 0 1.6rem;
  border: 0;

  &:disabled label {
    cursor: default;
    opacity: 0.7;
  }
`;

/** The games the sheet offers, in the result table's order. */
const NAMES = orderGames(GAMES).map((game) => game.name);

/**
 * The games to offer: the registry's and those of the page (a game the admin added outside the
 * registry has a bell in the table, so it is in the sheet too), once each, in the table's order.
 */
export function sheetGames(shown: readonly string[] | undefined): readonly string[] {
  const extra = (shown ?? []).filter((name, i, all) => !NAMES.some((known) => sameGame(known, name)) && all.indexOf(name) === i);
  return extra.length === 0 ? NAMES : orderGames([...NAMES, ...extra].map((name) => ({ name }))).map((game) => game.name);
}

/**
 * Which games this browser's push subscription follows: every game (the default, which also
 * takes in games added later) or the ones ticked. Opened after 'हाँ, मुझे सूचित करें' and from
 * the result table's settings button; Save stores the choice with the notify service, Close and
 * Escape leave it as it was.
 */
export function GameChoiceSheet({ onClose, names = NAMES }: { onClose: () => void; names?: readonly string[] }) {
  const titleId = useId();
  const [start] = useState(() => getPushFollow().games);
  const [all, setAll] = useState(start === null);
  const [chosen, setChosen] = useState<readonly string[]>(() =>
    start === null ? [] : names.filter((name) => start.some((game) => sameGame(game, name))),
  );
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  // Opened by the visitor's own click: the focus moves in, and back to that button on close.
  const { ref, onKeyDown } = useDialogFocus<HTMLDivElement>(onClose);
  const escapeOnly = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onKeyDown(event);
  };

  const isChosen = (name: string) => chosen.includes(name);
  const flip = (name: string) => setChosen((list) => (list.includes(name) ? list.filter((n) => n !== name) : [...list, name]));
  const empty = !all && chosen.length === 0;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (empty) return;
    setSaving(true);
    setFailed(false);
    follow.choose(all ? null : names.filter(isChosen)).then(onClose, (error: unknown) => {
      console.error('push: could not save the games', error);
      setFailed(true);
      setSaving(false);
    });
  };

  return (
    <BottomCard ref={ref} role="dialog" aria-labelledby={titleId} tabIndex={-1} onKeyDown={escapeOnly} data-testid="notify-games">
      <CardTitle id={titleId} lang="hi">
        {GAMES_TITLE}
      </CardTitle>
      <form onSubmit={save}>
        <Choice lang="hi">
          <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} data-autofocus />
          {ALL_GAMES}
        </Choice>
        <Games disabled={all}>
          <VisuallyHidden as="legend" lang="hi">
            खेल (Games)
          </VisuallyHidden>
          {names.map((name) => (
            <Choice key={name}>
              <input type="checkbox" checked={all || isChosen(name)} onChange={() => flip(name)} />
              {name}
            </Choice>
          ))}
        </Games>
        {empty && (
          <Message $tone="info" lang="hi">
            {PICK_ONE}
          </Message>
        )}
        {failed && (
          <Message $tone="error" lang="hi">
            {SAVE_FAILED}
          </Message>
        )}
        <CardActions>
          <Button type="submit" lang="hi" disabled={saving || empty}>
            {SAVE}
          </Button>
          <Button type="button" lang="hi" $variant="secondary" onClick={onClose}>
            {CLOSE}
          </Button>
        </CardActions>
      </form>
    </BottomCard>
  );
}
