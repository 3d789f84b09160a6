// Editing a company name (forms spec §5): saving the current value again is blocked
// with a toast.
export const SAME_VALUE_MESSAGE = 'Please input different value to save changes.';

/** The toast message when the edited name equals the current one (after trimming), otherwise undefined. */
export function companyNameChangeBlocked(current: string, edited: string): string | undefined {
  return current.trim() === edited.trim() ? SAME_VALUE_MESSAGE : undefined;
}
