import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLookupList } from '../hooks/useLookupList';
import type { LookupOption } from '../hooks/lookup';
import { ariaFor, fieldOptions, runContext } from './aria';
import { t, tn } from '../../engine/i18n/i18n';
import { ColorSwatch } from './ColorSwatch';

type Value = string | number;

/**
 * ItemSelect: an editable combobox (APG) over a lookup list with search and
 * paging, single or multiple, read-only when disabled. Arrow keys move, Enter
 * picks, Escape closes; reaching the end loads the next page.
 */
/** The empty input's text, in the form's language when it has one of its own (the studio's preview). */
const placeholder = (translate: ((text: string) => string) | undefined, multiple: boolean) =>
  multiple ? (translate ? translate('Search') : t('Search')) : translate ? translate('Select') : t('Select');

export function ItemSelect(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, onChange, onBlur } = props;
  const o = fieldOptions(props);
  const multiple = !!o.multiple;
  const selected: Value[] = multiple
    ? Array.isArray(value)
      ? value
      : []
    : value === undefined || value === null
      ? []
      : [value];
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typing, setTyping] = useState(false);
  const everOpened = useRef(false);
  if (open) everOpened.current = true;
  // Load once without opening when a value needs its label.
  const list = useLookupList(
    o.options,
    runContext(props),
    open || (selected.length > 0 && !everOpened.current),
    selected,
  );
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const locked = !!(disabled || readonly);

  // A followed value changed (e.g. the company of the role list): the old choice may not exist any more.
  const firstDep = useRef(list.depKey);
  useEffect(() => {
    if (firstDep.current !== list.depKey) setActive(-1);
  }, [list.depKey]);

  const labelOf = (v: Value) => list.labelOf(v) ?? String(v);
  const isSelected = (option: LookupOption) => selected.some((v) => String(v) === String(option.value));

  const pick = (option: LookupOption) => {
    if (multiple) {
      const next = isSelected(option)
        ? selected.filter((v) => String(v) !== String(option.value))
        : [...selected, option.value as Value];
      onChange(next.length ? next : undefined);
      list.setSearch('');
    } else {
      onChange(option.value);
      setOpen(false);
      setTyping(false);
      list.setSearch('');
    }
  };

  const move = (delta: number) => {
    if (!open) setOpen(true);
    const count = list.options.length;
    if (!count) return;
    const next = Math.max(0, Math.min(count - 1, active + delta));
    setActive(next);
    if (next >= count - 1) list.loadMore();
    listRef.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && list.options[active]) {
        event.preventDefault();
        pick(list.options[active]);
      } else if (!open) {
        event.preventDefault();
        setOpen(true);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setTyping(false);
      list.setSearch('');
    } else if (event.key === 'Tab' && open) {
      // Tab moves on to the next control and closes the list, so it never covers what comes after (Submit).
      setOpen(false);
      setTyping(false);
      list.setSearch('');
    } else if (event.key === 'Backspace' && multiple && !list.search && selected.length) {
      onChange(selected.length > 1 ? selected.slice(0, -1) : undefined);
    }
  };

  const display = typing || multiple ? list.search : selected.length ? labelOf(selected[0]) : '';
  const activeId = open && active >= 0 ? `${listboxId}-${active}` : undefined;
  const aria = ariaFor(props);

  return (
    <div
      className={`fc-combo${open ? ' fc-combo--open' : ''}`}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
          setOpen(false);
          setTyping(false);
          list.setSearch('');
          onBlur(id, value);
        }
      }}
    >
      {multiple && selected.length > 0 && (
        <ul className="fc-list__chips" aria-label={t('Selected {name}', { name: label })}>
          {selected.map((v) => (
            <li key={String(v)} className="fc-chip">
              <span>{labelOf(v)}</span>
              {!locked && (
                <button
                  type="button"
                  className="fc-chip__remove"
                  aria-label={t('Remove {name}', { name: labelOf(v) })}
                  onClick={() => {
                    const next = selected.filter((s) => s !== v);
                    onChange(next.length ? next : undefined);
                  }}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="fc-input-group">
        <input
          ref={inputRef}
          id={id}
          name={id}
          className="fc-input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          placeholder={o.placeholder ?? placeholder(runContext(props).translate, multiple)}
          value={display}
          disabled={disabled}
          readOnly={readonly}
          required={required && selected.length === 0}
          {...aria}
          onChange={(e) => {
            setTyping(true);
            setOpen(true);
            setActive(-1);
            list.setSearch(e.target.value);
          }}
          onClick={() => !locked && setOpen(true)}
          onKeyDown={locked ? undefined : onKeyDown}
        />
        {!multiple && selected.length > 0 && !locked && !required && (
          <button
            type="button"
            className="fc-btn fc-input-group__button"
            aria-label={t('Clear {name}', { name: label })}
            onClick={() => {
              onChange(undefined);
              inputRef.current?.focus();
            }}
          >
            ×
          </button>
        )}
      </div>
      <ul
        ref={listRef}
        id={listboxId}
        role="listbox"
        aria-label={t('{name} options', { name: label })}
        aria-multiselectable={multiple || undefined}
        className="fc-combo__list"
        // Not a Tab stop: Chromium makes a scrolling list focusable, and the input's arrow keys walk it already.
        tabIndex={-1}
        hidden={!open}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) list.loadMore();
        }}
      >
        {list.options.map((option, index) => (
          <li
            key={String(option.value)}
            id={`${listboxId}-${index}`}
            data-index={index}
            role="option"
            aria-selected={isSelected(option)}
            className={`fc-combo__option${index === active ? ' fc-combo__option--active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(option)}
          >
            {option.color ? <ColorSwatch color={option.color} label={option.label} /> : <span>{option.label}</span>}
            {option.description && <span className="fc-combo__description">{option.description}</span>}
          </li>
        ))}
        {list.loading && (
          <li role="presentation" className="fc-combo__status">
            {t('Loading…')}
          </li>
        )}
        {!list.loading && list.options.length === 0 && (
          <li role="presentation" className="fc-combo__status">
            {list.denied ? t('Access denied') : list.error ? t('Failed to load the list') : t('No results')}
          </li>
        )}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {open && !list.loading ? tn('{count} results', list.total) : ''}
      </span>
    </div>
  );
}
