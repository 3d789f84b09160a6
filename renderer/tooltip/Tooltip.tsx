import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { isHtmlTooltip, isShortTooltip, tooltipHtml, type TooltipContent } from '../../engine/domain/tooltip';
import { placeTooltip } from './place';
import './tooltip.css';

/** The trigger's props a tooltip adds to (its own handlers still run). */
interface TriggerProps {
  'aria-describedby'?: string;
  onMouseEnter?: (event: React.MouseEvent) => void;
  onMouseLeave?: (event: React.MouseEvent) => void;
  onFocus?: (event: React.FocusEvent) => void;
  onBlur?: (event: React.FocusEvent) => void;
}

interface Props {
  /** Text (shown as text), or `{ html }` (sanitised markup); none leaves the trigger alone. */
  content: TooltipContent | undefined;
  /** One element that takes the pointer and the focus; an icon-only button keeps its aria-label. */
  children: ReactElement<TriggerProps>;
}

/** Focus shows the tooltip when the browser shows the focus ring (keyboard), not after a click. */
const focusVisible = (element: Element) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
};

/**
 * A tooltip (WCAG 1.4.13): shown while its trigger is hovered or has keyboard
 * focus, hoverable itself, kept until the pointer and the focus leave, dismissed
 * by Escape (which still reaches a popover or dialog around it). It is always in
 * the document (hidden when closed) as the trigger's description
 * (`aria-describedby`, `role="tooltip"`). Short content is one compact line;
 * longer content wraps within a maximum width.
 */
export function Tooltip({ content, children }: Props) {
  const id = useId();
  const tip = useRef<HTMLSpanElement>(null);
  const trigger = useRef<Element>(null);
  const [hover, setHover] = useState({ trigger: false, tip: false });
  const [focus, setFocus] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [html, setHtml] = useState<string>();
  const open = content !== undefined && (hover.trigger || hover.tip || focus) && !dismissed;
  const markup = content !== undefined && isHtmlTooltip(content) ? content.html : undefined;

  useEffect(() => {
    setHtml(undefined);
    if (markup === undefined) return;
    let current = true;
    void tooltipHtml({ html: markup }).then((sanitised) => current && setHtml(sanitised));
    return () => void (current = false);
  }, [markup]);

  useLayoutEffect(() => {
    const element = tip.current;
    const anchor = trigger.current;
    if (!open || !element || !anchor) return;
    const place = () => placeTooltip(element, anchor.getBoundingClientRect());
    place();
    // Escape hides it wherever the focus is; the key goes on (a popover or dialog around closes as it would).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open, html]);

  if (content === undefined) return children;
  const own = children.props;
  const hovering = (part: 'trigger' | 'tip', on: boolean) => {
    setHover((h) => ({ ...h, [part]: on }));
    if (on) setDismissed(false);
  };
  const triggerElement = cloneElement(children, {
    ref: trigger,
    'aria-describedby': [own['aria-describedby'], id].filter(Boolean).join(' '),
    onMouseEnter: (event: React.MouseEvent) => {
      own.onMouseEnter?.(event);
      hovering('trigger', true);
    },
    onMouseLeave: (event: React.MouseEvent) => {
      own.onMouseLeave?.(event);
      hovering('trigger', false);
    },
    onFocus: (event: React.FocusEvent) => {
      own.onFocus?.(event);
      if (!focusVisible(event.currentTarget)) return;
      setFocus(true);
      setDismissed(false);
    },
    onBlur: (event: React.FocusEvent) => {
      own.onBlur?.(event);
      setFocus(false);
    },
  } as TriggerProps);
  return (
    <>
      {triggerElement}
      <span
        ref={tip}
        id={id}
        role="tooltip"
        className={`tooltip ${isShortTooltip(content) ? 'tooltip--short' : 'tooltip--long'}`}
        hidden={!open}
        onMouseEnter={() => hovering('tip', true)}
        onMouseLeave={() => hovering('tip', false)}
        {...(markup !== undefined
          ? { dangerouslySetInnerHTML: { __html: html ?? '' } }
          : { children: content as string })}
      />
    </>
  );
}
