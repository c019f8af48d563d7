import { useId, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import { GENERATE_LUCKY_NUMBERS, LUCKY_DOB_LABEL, LUCKY_NAME_LABEL } from '@satta/shared/domain/messages';
import { Button, Field, color } from '@satta/shared/ui';
import type { LuckyForm as LuckyFormModel } from '../hooks/useLuckyForm.ts';
import { birthDateProblem } from '../lucky/luckyForm.ts';
import { LUCKY_TEXT } from '../lucky/luckyStrings.ts';

const Form = styled.form`
  display: grid;
  gap: 0.25rem;
`;

const FieldError = styled.span`
  color: ${color('--color-error-text')};
  font-weight: 500;
`;

/**
 * Name and Date of Birth, both required, the date not after today. The form does its own checking
 * (noValidate) so the message is the page's, in Hindi and English, and focus goes to the first
 * field in the way. A missing or unreadable date is pointed out after an attempt; a future one at
 * once, since it is why nothing is drawn.
 */
export function LuckyForm({ form }: { form: LuckyFormModel }) {
  const { state, todayKey, edit, submit } = form;
  const nameRef = useRef<HTMLInputElement>(null);
  const dobRef = useRef<HTMLInputElement>(null);
  const ids = { name: useId(), dob: useId(), nameError: useId(), dobError: useId() };
  const nameMissing = state.attempted && state.name.trim() === '';
  const dobProblem = birthDateProblem(state.dateOfBirth, todayKey);
  const dobError =
    dobProblem === 'future'
      ? LUCKY_TEXT.dobFuture
      : state.attempted && dobProblem === 'missing'
        ? LUCKY_TEXT.dobRequired
        : state.attempted && dobProblem === 'invalid'
          ? LUCKY_TEXT.dobInvalid
          : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit()) return;
    (state.name.trim() === '' ? nameRef : dobRef).current?.focus();
  };

  return (
    <Form noValidate onSubmit={onSubmit}>
      {/* A div, not the label, holds the error, so the field's accessible name stays 'Name'. */}
      <Field as="div">
        <label htmlFor={ids.name}>{LUCKY_NAME_LABEL}</label>
        <input
          id={ids.name}
          ref={nameRef}
          name="name"
          type="text"
          autoComplete="name"
          required
          value={state.name}
          aria-invalid={nameMissing}
          aria-describedby={nameMissing ? ids.nameError : undefined}
          onChange={(e) => edit('name', e.target.value)}
        />
        {nameMissing && <FieldError id={ids.nameError}>{LUCKY_TEXT.nameRequired}</FieldError>}
      </Field>
      <Field as="div">
        <label htmlFor={ids.dob}>{LUCKY_DOB_LABEL}</label>
        <input
          id={ids.dob}
          ref={dobRef}
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          required
          max={todayKey}
          value={state.dateOfBirth}
          aria-invalid={dobError !== null}
          aria-describedby={dobError !== null ? ids.dobError : undefined}
          onChange={(e) => edit('dateOfBirth', e.target.value)}
        />
        {dobError !== null && (
          <FieldError id={ids.dobError} role={dobProblem === 'future' ? 'alert' : undefined}>
            {dobError}
          </FieldError>
        )}
      </Field>
      <Button type="submit">{GENERATE_LUCKY_NUMBERS}</Button>
    </Form>
  );
}
