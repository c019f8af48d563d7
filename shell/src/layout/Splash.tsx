import { useEffect } from 'react';
import styled, { keyframes } from 'styled-components';
import { color } from '@satta/shared/ui';
import { SITE_NAME_EN, SITE_NAME_HI, SPLASH_LABEL } from '../strings.ts';

const spin = keyframes`
  from { transform: rotateY(0deg); }
  to { transform: rotateY(360deg); }
`;

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 1.25rem;
  background: ${color('--color-brand')};
  color: ${color('--color-brand-text')};
  text-align: center;
`;

const Coin = styled.div`
  width: 6rem;
  height: 6rem;
  border-radius: 50%;
  display: grid;
  place-items: center;
  border: 6px solid #b8860b;
  background: radial-gradient(circle at 35% 35%, #fff3b0, ${color('--color-accent')} 60%, #b8860b);
  color: #5d3a00;
  font-size: 2.4rem;
  font-weight: 800;
  animation: ${spin} 1s linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Name = styled.p`
  margin: 0;
  font-size: 1.8rem;
  font-weight: 700;

  span {
    display: block;
    font-size: 1rem;
    font-weight: 400;
  }
`;

/**
 * The opening screen: site name and a spinning coin, shown for SPLASH_MS while the
 * page loads behind it. The page cannot scroll meanwhile; the coin stands still for visitors
 * who ask for reduced motion. See docs/product.md, Page frame.
 */
export function Splash() {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, []);
  return (
    <Overlay role="status" aria-label={SPLASH_LABEL} data-testid="splash">
      <Coin aria-hidden="true">₹</Coin>
      <Name>
        {SITE_NAME_HI}
        <span lang="en">{SITE_NAME_EN}</span>
      </Name>
    </Overlay>
  );
}
