import styled from 'styled-components';
import { colors } from '@satta/shared/ui';
import { AdInfoForm } from '../widgets/AdInfoForm.tsx';
import { AuditTrail } from '../widgets/AuditTrail.tsx';
import { BulkImport } from '../widgets/BulkImport.tsx';
import { DashboardHeader } from '../widgets/DashboardHeader.tsx';
import { GameTimesForm } from '../widgets/GameTimesForm.tsx';
import { KhaiwalManager } from '../widgets/KhaiwalManager.tsx';
import { MainInfoForm } from '../widgets/MainInfoForm.tsx';
import { PasswordForm } from '../widgets/PasswordForm.tsx';
import { PendingWrites } from '../widgets/PendingWrites.tsx';
import { PreviousNumberForm } from '../widgets/PreviousNumberForm.tsx';
import { TestNotification } from '../widgets/TestNotification.tsx';
import { UndoWindowForm } from '../widgets/UndoWindowForm.tsx';
import { UpdateNumberForm } from '../widgets/UpdateNumberForm.tsx';
import { ScheduledNumbers } from '../widgets/ScheduledNumbers.tsx';

const Page = styled.div`
  box-sizing: border-box;
  max-width: 1200px;
  margin: 0 auto;
  padding: 12px;
  background: ${colors.page};
  color: ${colors.ink};
`;

// min(100%, ...) keeps one column at 360 px without a media query.
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: 12px;
  margin-top: 12px;
`;

/**
 * The admin dashboard, the remote's exposed module. The shell renders it only for a signed-in
 * admin; the database rules refuse every write from anyone else regardless. Under the header
 * (which shows the connection at all times) the changes the server has not confirmed yet.
 */
export default function Dashboard() {
  return (
    <Page>
      <DashboardHeader />
      <PendingWrites />
      <Grid>
        <UpdateNumberForm />
        <ScheduledNumbers />
        <PreviousNumberForm />
        <PasswordForm />
        <TestNotification />
        <UndoWindowForm />
        <MainInfoForm />
        <AdInfoForm />
        <GameTimesForm />
        <KhaiwalManager />
        <BulkImport />
        <AuditTrail />
      </Grid>
    </Page>
  );
}
