// The dashboard's own palette: the shell's theme may not be present when a test renders one form.
export const colors = {
  ink: '#1f2430',
  muted: '#5b6272',
  line: '#d7dbe3',
  panel: '#ffffff',
  page: '#f3f5f9',
  accent: '#0b5fff',
  accentInk: '#ffffff',
  danger: '#b3261e',
  success: '#1b7a35',
  focus: '#ffb000',
} as const;
