// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminForm } from './AdminForm.tsx';

afterEach(cleanup);

const button = () => screen.getByRole('button') as HTMLButtonElement;
const submit = () => act(async () => fireEvent.click(button()));

function Subject(props: {
  check?: () => { ok: true; value: number } | { ok: false; error: string };
  save: (value: number) => Promise<unknown>;
  onSaved?: () => void;
  loading?: boolean;
}) {
  return (
    <AdminForm
      title="Undo window"
      submitLabel="Save"
      check={props.check ?? (() => ({ ok: true, value: 42 }))}
      save={props.save}
      saved={(seconds) => `Saved ${seconds} s`}
      {...(props.onSaved ? { onSaved: props.onSaved } : {})}
      {...(props.loading !== undefined ? { loading: props.loading } : {})}
    >
      <label>
        Seconds
        <input />
      </label>
    </AdminForm>
  );
}

describe('the admin form skeleton', () => {
  it('says what is wrong with the fields and writes nothing', async () => {
    const save = vi.fn(async () => undefined);
    render(<Subject check={() => ({ ok: false, error: 'A whole number, please' })} save={save} />);
    await submit();
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText('A whole number, please')).toBeTruthy();
  });

  it('writes the checked value with the button shut, then says it is done', async () => {
    let finish = () => {};
    const save = vi.fn(() => new Promise<void>((done) => (finish = done)));
    const onSaved = vi.fn();
    render(<Subject save={save} onSaved={onSaved} />);
    await submit();
    expect(save).toHaveBeenCalledWith(42);
    expect(button().textContent).toBe('Updating...');
    expect(button().disabled).toBe(true);
    await act(async () => finish());
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Saved 42 s')).toBeTruthy();
    expect(button().textContent).toBe('Save');
    expect(button().disabled).toBe(false);
  });

  it('says a refused write in words the admin acts on, and keeps the fields', async () => {
    const onSaved = vi.fn();
    render(<Subject save={() => Promise.reject(Object.assign(new Error('denied'), { code: 'PERMISSION_DENIED' }))} onSaved={onSaved} />);
    await submit();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByText('You are not allowed to make this change; sign in again as the admin.')).toBeTruthy();
  });

  it('shuts its fields and button while the record loads; without a record to load there is no group', () => {
    const { container, rerender } = render(<Subject save={async () => undefined} loading />);
    expect(container.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    expect((container.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(button().disabled).toBe(true);
    rerender(<Subject save={async () => undefined} loading={false} />);
    expect((container.querySelector('fieldset') as HTMLFieldSetElement).disabled).toBe(false);
    expect(button().disabled).toBe(false);
    rerender(<Subject save={async () => undefined} />);
    expect(container.querySelector('fieldset')).toBeNull();
    expect(container.querySelector('form')?.hasAttribute('aria-busy')).toBe(false);
  });
});
