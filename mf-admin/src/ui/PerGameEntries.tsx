import { useRef, useState, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { LOADING, forGame } from '@satta/shared/domain/messages';
import { Button, colors, StatusLine, VisuallyHidden } from '@satta/shared/ui';
import { errorText } from '../domain/errorText.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';
import { GameSelect } from './GameSelect.tsx';

/*
 * The dashboard's per-game entries (a game's notice of today, its days without a draw): the game
 * picked under a short intro, and below, what is stored, one line per entry with its Remove, under
 * a heading that takes the focus once a Remove is done (the button pressed is gone) with the
 * list's own status line. GameNoticeForm and NoDrawDays are made of it.
 */

/** Every entry's Remove button (its full name, for a screen reader, says what it removes). */
export const REMOVE = 'Remove';

export const Note = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${colors.muted};
`;

export const Hint = styled.p`
  margin: 4px 0 0;
  font-size: 0.8rem;
  color: ${colors.muted};
`;

// A column: a child's flex basis would be its height here. The game picker's basis (220px, its
// width beside the number in a Row) left 150 px of blank space under it on a phone. Tripled to win
// over the picker's doubled rule.
const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;

  &&& > * {
    flex: none;
  }
`;

const ListHeading = styled.h3`
  margin: 16px 0 0;
  font-size: 1rem;
  &:focus {
    outline: none;
  }
`;

const List = styled.ul<{ $gap: number }>`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  display: grid;
  gap: ${({ $gap }) => $gap}px;
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 8px;
  align-items: center;
  justify-content: space-between;
`;

/** The intro, the game picker and the entry's own fields (or forms), in one column. */
export function GameEntrySection({
  intro,
  game,
  onGame,
  children,
}: {
  intro: ReactNode;
  game: string;
  onGame: (game: string) => void;
  children: ReactNode;
}) {
  return (
    <Section>
      <Note>{intro}</Note>
      <GameSelect value={game} onChange={onGame} />
      {children}
    </Section>
  );
}

/**
 * What is stored, under `title` (the heading and the list's accessible name): 'Loading…' until
 * `count` is known, `empty` when it is 0, else the list of `children` (EntryRow, or an item of
 * its own with rows inside). `$gap` is the space between the items.
 */
export function EntryList({
  title,
  list,
  count,
  empty,
  gap = 6,
  children,
}: {
  title: string;
  list: EntryWrites;
  count: number | undefined;
  empty: string;
  gap?: number;
  children: ReactNode;
}) {
  return (
    <>
      <ListHeading ref={list.heading} tabIndex={-1}>
        {title}
      </ListHeading>
      <StatusLine message={list.line.message} />
      {count === undefined && <p>{LOADING}</p>}
      {count === 0 && <p>{empty}</p>}
      {count !== undefined && count > 0 && (
        <List aria-label={title} $gap={gap}>
          {children}
        </List>
      )}
    </>
  );
}

/** One stored entry: its line and its Remove, whose full name (for a screen reader) is `removeName`. */
export function EntryRow({
  children,
  removeName,
  disabled,
  onRemove,
}: {
  children: ReactNode;
  removeName: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <Row>
      <span>{children}</span>
      <Button $size="compact" $variant="secondary" type="button" disabled={disabled} onClick={onRemove}>
        {REMOVE}
        <VisuallyHidden>{removeName}</VisuallyHidden>
      </Button>
    </Row>
  );
}

export interface EntryWrites {
  /** The write under way, by the key its caller gave it; null: none (the buttons are open). */
  busy: string | null;
  /** The list's status line. */
  line: ReturnType<typeof useWriteMessage>;
  /** The list's heading, where the focus goes after a Remove. */
  heading: RefObject<HTMLHeadingElement | null>;
  /**
   * Runs `command` as the write `key` and says on `line` how it went: `done`, or the error (by
   * `failure`, by default its text naming the game `name`); a write not acknowledged in time is
   * followed on the line until it settles (the pending changes list has it). True once written or
   * queued.
   */
  write(
    key: string,
    line: ReturnType<typeof useWriteMessage>,
    name: string,
    command: () => Promise<void>,
    done: string,
    failure?: (error: unknown) => string,
  ): Promise<boolean>;
  /** A Remove: the write on the list's line, then the focus on the list's heading. */
  remove(key: string, name: string, command: () => Promise<void>, done: string, failure?: (error: unknown) => string): Promise<void>;
}

/** The writes of a per-game form and its list: one at a time, each said on its line. */
export function useEntryWrites(): EntryWrites {
  const [busy, setBusy] = useState<string | null>(null);
  const line = useWriteMessage();
  const heading = useRef<HTMLHeadingElement>(null);

  const write: EntryWrites['write'] = async (key, on, name, command, done, failure) => {
    setBusy(key);
    try {
      await command();
      on.show(done, 'success', MESSAGE_MS);
      return true;
    } catch (error) {
      // Not acknowledged in time: not a failure; the list of pending changes has it.
      if (error instanceof WritePendingError) {
        on.pending(error, (text) => forGame(text, name));
        return true;
      }
      on.show(failure ? failure(error) : forGame(errorText(error), name), 'error', MESSAGE_MS);
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    line,
    heading,
    write,
    async remove(key, name, command, done, failure) {
      await write(key, line, name, command, done, failure);
      // The button pressed is gone (or going): the focus waits above the message instead of on the page's top.
      heading.current?.focus();
    },
  };
}
