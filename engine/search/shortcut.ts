// The "/" shortcut of the global search (shell spec §4): "It opens by click or
// by pressing the / key when no input is focused and no modal is open."

interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** What the rule reads of the focused element. */
interface Focused {
  tagName: string;
  isContentEditable: boolean;
}

const TYPING_TAGS = ['INPUT', 'TEXTAREA', 'SELECT'];

/** Whether a key press opens the search; a minimised modal is not open (it sits in the dock). */
export function opensSearch(
  press: KeyPress,
  focused: Focused | null,
  modals: readonly { minimized: boolean }[],
): boolean {
  if (press.key !== '/' || press.ctrlKey || press.metaKey || press.altKey) return false;
  if (focused && (focused.isContentEditable || TYPING_TAGS.includes(focused.tagName))) return false;
  return !modals.some((modal) => !modal.minimized);
}
