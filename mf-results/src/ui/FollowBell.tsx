import styled from 'styled-components';
import { color, followsGame, openFollowSettings, toggleFollow, usePushFollow } from '@satta/shared/ui';

/** The bell's name: one label, its state said by aria-pressed. */
export const followLabel = (game: string) => `${game} की सूचना चालू/बंद (Notify for ${game})`;
export const FOLLOW_SETTINGS = 'सूचना सेटिंग (Notification settings)';

/*
 * A small icon in a line of text that moves nothing: its box is no taller than the text's line
 * (it sits in the line box, not above it) and narrow enough to fit where the game's time leaves
 * room in its cell, so neither a row nor the column changes size when it appears after the
 * page's subscription is known. The target is still 44 x 44 px: an invisible ::before around
 * the icon takes the touches near it.
 */
const IconButton = styled.button`
  position: relative;
  display: inline-block;
  box-sizing: content-box;
  width: 1.25em;
  height: 1em;
  margin: 0 0 0 0.3em;
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  line-height: 1;
  vertical-align: -0.15em;
  cursor: pointer;

  /* More of it above than below: above is the game's name, below only the cell's padding and
     then the next row, which is drawn over it and would take those touches. */
  &::before {
    content: '';
    position: absolute;
    top: calc(50% - 28px);
    left: calc(50% - 22px);
    width: 44px;
    height: 44px;
  }

  &[aria-pressed='true'] {
    color: ${color('--color-brand')};
  }

  &:focus-visible {
    outline: 2px solid ${color('--color-focus')};
    outline-offset: 2px;
  }

  svg {
    display: block;
    width: 100%;
    height: 100%;
  }
`;

function BellIcon({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 24 20" aria-hidden="true" focusable="false">
      <path
        d="M12 1.5a1.3 1.3 0 0 0-1.3 1.3v.6A5.6 5.6 0 0 0 6.4 8.9v3.9L4.6 15.4h14.8l-1.8-2.6V8.9a5.6 5.6 0 0 0-4.3-5.5v-.6A1.3 1.3 0 0 0 12 1.5ZM9.8 16.6a2.2 2.2 0 0 0 4.4 0Z"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      {on ? null : <path d="M4 2.5 20 17.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * Turns the pushes of one game on and off for this browser. Shown only while this browser holds
 * a subscription the notify service stored (shared/ui/pushFollow.ts); `shown` are the table's
 * games, which stay on when the first one is turned off from "every game".
 */
export function FollowBell({ game, shown }: { game: string; shown: readonly string[] }) {
  const follow = usePushFollow();
  if (!follow.active) return null;
  const on = followsGame(follow, game);
  return (
    <IconButton
      type="button"
      aria-pressed={on}
      aria-label={followLabel(game)}
      title={followLabel(game)}
      onClick={() => toggleFollow(game, shown)}
    >
      <BellIcon on={on} />
    </IconButton>
  );
}

function GearIcon() {
  return (
    <svg viewBox="0 0 24 20" aria-hidden="true" focusable="false">
      <path d="M5 4.5h14M5 10h14M5 15.5h14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="9" cy="4.5" r="2" fill="currentColor" />
      <circle cx="15" cy="10" r="2" fill="currentColor" />
      <circle cx="8" cy="15.5" r="2" fill="currentColor" />
    </svg>
  );
}

/** Opens the shell's sheet of games (every game of the table, `shown`); shown with the bells. */
export function FollowSettingsButton({ shown }: { shown: readonly string[] }) {
  const follow = usePushFollow();
  if (!follow.active) return null;
  return (
    <IconButton type="button" aria-label={FOLLOW_SETTINGS} title={FOLLOW_SETTINGS} onClick={() => openFollowSettings(shown)}>
      <GearIcon />
    </IconButton>
  );
}
