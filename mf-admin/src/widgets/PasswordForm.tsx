import { useState } from 'react';
import { FORM_UPDATE_PASSWORD, PASSWORD_UPDATED } from '@satta/shared/domain/messages';
import { validatePassword } from '@satta/shared/domain/validation';
import { Input, Label, Row } from '@satta/shared/ui';
import { useAdminData } from '../hooks/adminData.ts';
import { AdminForm } from '../ui/AdminForm.tsx';

/** Changes the admin's own password; the service re-authenticates with the current one first. */
export function PasswordForm() {
  const data = useAdminData();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const clear = () => {
    setCurrent('');
    setNext('');
  };

  return (
    <AdminForm
      title={FORM_UPDATE_PASSWORD}
      submitLabel={FORM_UPDATE_PASSWORD}
      check={() => validatePassword({ current, next })}
      save={(value) => data.updatePassword(value.current, value.next)}
      saved={PASSWORD_UPDATED}
      onSaved={clear}
    >
      <Row>
        <Label>
          Current password
          <Input type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" />
        </Label>
        <Label>
          New password
          <Input type="password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" />
        </Label>
      </Row>
    </AdminForm>
  );
}
