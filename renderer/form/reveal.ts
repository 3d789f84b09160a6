import type { FormDocument } from '../../engine/schema/types';
import { readPath } from '../../engine/pages/template';
import { openModal } from '../../engine/stores/modals';

/** A form document's `reveal`: the response value (a new secret) in its own modal, shown this once. */
export function revealOnce(reveal: NonNullable<FormDocument['reveal']>, response: unknown): void {
  const value = readPath(response, reveal.key);
  if (typeof value !== 'string' || !value) return;
  openModal({ id: 'reveal-once', title: reveal.title, component: 'RevealOnce', props: { text: reveal.text, value } });
}
