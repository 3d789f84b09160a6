import { useState, type FormHTMLAttributes, type Ref } from 'react';
import { createPortal } from 'react-dom';

type Props = FormHTMLAttributes<HTMLFormElement> & { ref?: Ref<HTMLFormElement>; as?: unknown };

/**
 * The <form> @rjsf renders into (its `tagName`). The fields render through a
 * portal into a box inside the form, the portal itself sitting beside the form
 * in React's tree: React's event system reads a property of every host element
 * above an input on each keystroke, and a property read on a <form> goes
 * through its named-control lookup, which Chromium rebuilds after every edit of
 * a control (work that grew with the number of fields). The DOM keeps the fields
 * inside the form (submit on Enter, autofill); the box has `display: contents`.
 */
export function FormElement({ children, ref, as: _as, ...props }: Props) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  return (
    <>
      <form {...props} ref={ref}>
        <div className="fc-form__box" ref={setBox} />
      </form>
      {box && createPortal(children, box)}
    </>
  );
}
