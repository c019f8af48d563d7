import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { dataService } from '@satta/shared/data';
import { INCORRECT_PASSWORD, SIGN_IN_BUTTON } from '@satta/shared/domain/messages';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { Button, Card, Field, Message } from '@satta/shared/ui';
import { Navigate, useNavigate } from '../router/router.tsx';
import { useUser } from '../auth/useUser.ts';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { PATHS, TITLES } from '../routes.ts';
import { EMAIL_LABEL, PASSWORD_LABEL } from '../strings.ts';

const Form = styled.form`
  max-width: 24rem;
  margin: 0 auto;
`;

/**
 * /signin (docs/product.md, Sign-in): email and password; any failure shows the one message for
 * 3 s.
 */
export function SignInPage() {
  useDocumentTitle(TITLES[PATHS.signIn]);
  const state = useUser();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const headingId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  if (state.status === 'known' && state.user) return <Navigate to={PATHS.dashboard} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await dataService().admin.signIn(email.trim(), password);
      navigate(PATHS.dashboard, { replace: true });
    } catch (error) {
      // Every failure (wrong password, unknown user, network) gets the specification's message;
      // the cause goes to the console for whoever investigates.
      console.warn('sign-in failed', error);
      setFailed(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setFailed(false), MESSAGE_MS);
      setBusy(false);
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <Form onSubmit={submit}>
        <h1 id={headingId}>{SIGN_IN_BUTTON}</h1>
        <Field>
          {EMAIL_LABEL}
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Field>
          {PASSWORD_LABEL}
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {failed && <Message $tone="error">{INCORRECT_PASSWORD}</Message>}
        <Button type="submit" disabled={busy}>
          {SIGN_IN_BUTTON}
        </Button>
      </Form>
    </Card>
  );
}
