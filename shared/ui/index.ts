// UI primitives every app shares (one instance per page through federation).
export * from './tokens.ts';
export { Button, Card, CardHeading, Field, Message, Table, TableScroll, VisuallyHidden, visuallyHidden } from './primitives.tsx';
export { Form, Input, Label, RecordTable, Row, Select, TextArea } from './controls.ts';
export { Panel } from './Panel.tsx';
export { StatusLine, type StatusKind, type StatusMessage } from './StatusLine.tsx';
export { Modal, type ModalProps } from './Modal.tsx';
export { Disclaimer } from './Disclaimer.tsx';
export { StickyScroll, StickyTable } from './StickyTable.ts';
export { StaleBadge, trustPageData } from './StaleBadge.tsx';
export { useHydrated } from './hydration.ts';
export {
  RouteLink,
  ServerPathProvider,
  announceLocation,
  navigateTo,
  setNavigator,
  useCurrentPath,
  useLentNavigator,
  type NavigateOptions,
} from './navigation.tsx';
export { useDialogFocus } from './useDialogFocus.ts';
export { offscreenUntilNear, openBeforeNavigation, useWhenNear, whenNear } from './offscreen.ts';
export {
  followsGame,
  getPushFollow,
  openFollowSettings,
  setPushFollow,
  setPushFollowActions,
  toggleFollow,
  toggledGames,
  usePushFollow,
  type PushFollowActions,
  type PushFollowState,
} from './pushFollow.ts';
export { MonthTable, type MonthTableDay, type MonthTableProps } from './MonthTable.tsx';
