import { useEffect, useRef } from 'react';
import styled, { css } from 'styled-components';
import { SPIN, SPINNING } from '@satta/shared/domain/messages';
import { Button, Card, CardHeading, VisuallyHidden, color } from '@satta/shared/ui';
import { usePrefersReducedMotion } from '../hooks/usePrefersReducedMotion.ts';
import { useSlotMachine } from '../hooks/useSlotMachine.ts';
import { SLOT_TEXT } from '../slot/slotStrings.ts';

const Reels = styled.div`
  display: flex;
  justify-content: center;
  gap: 0.5rem;
  margin: 0.75rem 0;
`;

const Reel = styled.span<{ $spinning: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.2rem;
  width: min(5rem, 26vw);
  aspect-ratio: 1;
  border: 3px solid ${color('--color-brand')};
  border-radius: 10px;
  background: ${color('--color-surface')};
  font-size: clamp(2rem, 10vw, 3rem);
  line-height: 1;
  ${(p) =>
    p.$spinning &&
    css`
      opacity: 0.75;
      @media (prefers-reduced-motion: no-preference) {
        filter: blur(0.5px);
      }
    `}
`;

/** The colour-emoji fonts of the common systems, before whatever else has the character. */
const Face = styled.span`
  font-family: 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', 'Android Emoji', 'EmojiSymbols', sans-serif;
`;

/**
 * The symbol's name under its face: where no font has the emoji (an empty box, or nothing),
 * the reel still says what it shows.
 */
const Name = styled.span`
  font-size: 0.7rem;
  font-weight: 600;
  color: ${color('--color-muted')};
`;

const Note = styled.p`
  margin: 0.5rem 0 0;
  text-align: center;
  font-size: 0.9rem;
  color: ${color('--color-muted')};
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
`;

/** Exposed widget: a three-reel toy. Nothing is staked and nothing is won. */
export default function SlotMachine() {
  const reducedMotion = usePrefersReducedMotion();
  const { reels, spinning, spins, spin } = useSlotMachine(reducedMotion);
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);

  useEffect(() => {
    // A disabled button drops focus to the page; hand it back so keyboard users can spin again.
    if (!spinning && hadFocus.current) {
      hadFocus.current = false;
      if (document.activeElement === document.body || document.activeElement === button.current) button.current?.focus();
    }
  }, [spinning]);

  const onSpin = () => {
    hadFocus.current = document.activeElement === button.current;
    spin();
  };

  return (
    <Card aria-label={SLOT_TEXT.heading}>
      <CardHeading>{SLOT_TEXT.heading}</CardHeading>
      {/* The faces flicker while spinning; screen readers hear only the final result below. */}
      <Reels role="group" aria-label={SLOT_TEXT.reels} aria-hidden={spinning || undefined}>
        {reels.map((symbol, i) => (
          // A reel is a position; only its face changes.
          <Reel key={i} $spinning={spinning} role="img" aria-label={symbol.label} data-symbol={symbol.id}>
            <Face aria-hidden="true">{symbol.emoji}</Face>
            <Name aria-hidden="true" data-testid="reel-name">
              {symbol.label}
            </Name>
          </Reel>
        ))}
      </Reels>
      <VisuallyHidden role="status">{!spinning && spins > 0 ? SLOT_TEXT.result(reels.map((s) => s.label)) : ''}</VisuallyHidden>
      <Actions>
        <Button ref={button} type="button" onClick={onSpin} disabled={spinning}>
          {spinning ? SPINNING : SPIN}
        </Button>
      </Actions>
      <Note>{SLOT_TEXT.toyNote}</Note>
    </Card>
  );
}
