// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { StatusLine } from './StatusLine.tsx';

afterEach(cleanup);

describe('StatusLine', () => {
  it('keeps an empty polite live region in the page while there is no message', () => {
    render(<StatusLine message={null} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('announces a success politely and an error at once', () => {
    const { rerender } = render(<StatusLine message={{ text: 'Saved', kind: 'success' }} />);
    expect(screen.getByRole('status').textContent).toBe('Saved');
    rerender(<StatusLine message={{ text: 'Could not save', kind: 'error' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Could not save');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
