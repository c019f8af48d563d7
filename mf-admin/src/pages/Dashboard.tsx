import type { ComponentType, MouseEvent } from 'react';
import styled from 'styled-components';
import {
  FORM_AD_INFO,
  FORM_KHAIWALS,
  FORM_MAIN_INFO,
  FORM_PREVIOUS_NUMBER,
  FORM_SATTANAME_INFO,
  FORM_TEST_NOTIFICATION,
  FORM_UPDATE_NUMBER,
  FORM_UPDATE_PASSWORD,
} from '@satta/shared/domain/messages';
import { colors, onMobile, Row } from '@satta/shared/ui';
import { AUDIT_TITLE, EXPORT_TITLE, IMPORT_TITLE, MORE_FORMS, UNDO_WINDOW_TITLE } from '../domain/adminMessages.ts';
import { NO_DRAW_TITLE } from '../domain/noDrawMessages.ts';
import { GAME_NOTICE_TITLE } from '../domain/gameNoticeMessages.ts';
import { PUBLISH_LATER } from '../domain/scheduleMessages.ts';
import { AdInfoForm } from '../widgets/AdInfoForm.tsx';
import { AuditTrail } from '../widgets/AuditTrail.tsx';
import { BulkImport } from '../widgets/BulkImport.tsx';
import { DashboardHeader } from '../widgets/DashboardHeader.tsx';
import { ExportResults } from '../widgets/ExportResults.tsx';
import { DayBoard } from '../widgets/DayBoard.tsx';
import { GameTimesForm } from '../widgets/GameTimesForm.tsx';
import { GameNoticeForm } from '../widgets/GameNoticeForm.tsx';
import { KhaiwalManager } from '../widgets/KhaiwalManager.tsx';
import { MainInfoForm } from '../widgets/MainInfoForm.tsx';
import { NoDrawDays } from '../widgets/NoDrawDays.tsx';
import { PasswordForm } from '../widgets/PasswordForm.tsx';
import { PendingWrites } from '../widgets/PendingWrites.tsx';
import { PreviousNumberForm } from '../widgets/PreviousNumberForm.tsx';
import { TestNotification } from '../widgets/TestNotification.tsx';
import { UndoWindowForm } from '../widgets/UndoWindowForm.tsx';
import { UpdateNumberForm } from '../widgets/UpdateNumberForm.tsx';
import { ScheduledNumbers } from '../widgets/ScheduledNumbers.tsx';

// On a phone every control is a finger's height (44 px) and its text 16 px, so the browser does
// not zoom in when a field takes the focus, and fields side by side take a line each (an email
// address no longer cut at 140 px). Doubled class: above the controls' own rules.
const Page = styled.div`
  box-sizing: border-box;
  max-width: 1200px;
  margin: 0 auto;
  padding: 12px;
  background: ${colors.page};
  color: ${colors.ink};
  ${onMobile} {
    padding: 8px;
    && :is(input, select, textarea, button, summary, nav a) {
      min-height: 44px;
      font-size: max(1rem, 16px);
    }
    && :is(label, legend, p, li, td, th, dt, dd, small, h1 span) {
      font-size: max(1rem, 16px);
    }
    && ${Row} > * {
      flex-basis: 100%;
    }
  }
`;

// min(100%, ...) keeps one column at 360 px without a media query.
const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: 12px;
  margin-top: 12px;
`;

// A form's place in the grid, which a link of More forms scrolls to (clear of the sticky
// connection line). A grid of one cell, so the form still fills its row's height.
const Slot = styled.div<{ $wide: boolean }>`
  display: grid;
  min-width: 0;
  scroll-margin-top: 56px;
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  &:focus {
    outline: none;
  }
`;

const Jump = styled.nav`
  margin-top: 12px;
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  a {
    display: inline-flex;
    align-items: center;
    box-sizing: border-box;
    min-height: 40px;
    padding: 4px 12px;
    border: 1px solid ${colors.line};
    border-radius: 999px;
    background: ${colors.panel};
    color: ${colors.accent};
    font-weight: 600;
    text-decoration: none;
  }
  a:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 1px;
  }
`;

const JumpTitle = styled.h2`
  margin: 0 0 6px;
  font-size: 1rem;
  color: ${colors.muted};
`;

/** The forms below the day board, in page order: id, title and whether it spans the grid. */
const FORMS: readonly { id: string; title: string; wide: boolean; Form: ComponentType }[] = [
  { id: 'update-number', title: FORM_UPDATE_NUMBER, wide: false, Form: UpdateNumberForm },
  { id: 'publish-later', title: PUBLISH_LATER, wide: false, Form: ScheduledNumbers },
  { id: 'no-draw-days', title: NO_DRAW_TITLE, wide: false, Form: NoDrawDays },
  { id: 'game-notice', title: GAME_NOTICE_TITLE, wide: false, Form: GameNoticeForm },
  { id: 'previous-number', title: FORM_PREVIOUS_NUMBER, wide: false, Form: PreviousNumberForm },
  { id: 'password', title: FORM_UPDATE_PASSWORD, wide: false, Form: PasswordForm },
  { id: 'test-notification', title: FORM_TEST_NOTIFICATION, wide: false, Form: TestNotification },
  { id: 'undo-window', title: UNDO_WINDOW_TITLE, wide: false, Form: UndoWindowForm },
  { id: 'main-info', title: FORM_MAIN_INFO, wide: false, Form: MainInfoForm },
  { id: 'ad-info', title: FORM_AD_INFO, wide: false, Form: AdInfoForm },
  { id: 'game-times', title: FORM_SATTANAME_INFO, wide: true, Form: GameTimesForm },
  { id: 'khaiwals', title: FORM_KHAIWALS, wide: true, Form: KhaiwalManager },
  { id: 'bulk-import', title: IMPORT_TITLE, wide: true, Form: BulkImport },
  { id: 'export', title: EXPORT_TITLE, wide: false, Form: ExportResults },
  { id: 'audit-trail', title: AUDIT_TITLE, wide: true, Form: AuditTrail },
];

const slotId = (id: string) => `admin-${id}`;

/** Scrolls to the form and moves the focus there, without touching the address (the router's). */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(slotId(id));
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

/**
 * The admin dashboard, the remote's exposed module. The shell renders it only for a signed-in
 * admin; the database rules refuse every write from anyone else regardless. Under the header
 * (which shows the connection at all times) the changes the server has not confirmed yet, then
 * the day board (today's games, each published with one field and one tap), then every other
 * form, each one tap away from the list of links above them.
 */
export default function Dashboard() {
  return (
    <Page>
      <DashboardHeader />
      <PendingWrites />
      <Grid>
        <DayBoard />
      </Grid>
      <Jump aria-labelledby="admin-more-forms">
        <JumpTitle id="admin-more-forms">{MORE_FORMS}</JumpTitle>
        <ul>
          {FORMS.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${slotId(id)}`} onClick={(event) => jumpTo(event, id)}>
                {title}
              </a>
            </li>
          ))}
        </ul>
      </Jump>
      <Grid>
        {FORMS.map(({ id, wide, Form }) => (
          <Slot key={id} id={slotId(id)} tabIndex={-1} $wide={wide}>
            <Form />
          </Slot>
        ))}
      </Grid>
    </Page>
  );
}
