/**
 * How long the form waits after the last edit before drawing on its own. Long enough that typing
 * a name does not draw and open the modal on every keystroke, short enough to feel immediate.
 */
export const AUTO_GENERATE_DELAY_MS = 800;
