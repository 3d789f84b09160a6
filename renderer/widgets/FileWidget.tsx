import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { checkFile, isFileLike } from '../../engine/fields/file';
import { ariaFor, fieldOptions } from './aria';

/**
 * File input: choosing a file emits it (checked for size, type and name);
 * clicking the input again clears the current file before the picker opens.
 */
export function FileWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange } = props;
  const o = fieldOptions(props);
  const [notice, setNotice] = useState<{ error?: string; warning?: string }>({});
  const aria = ariaFor(props);
  const noticeId = `${id}__notice`;
  const describedBy = [aria['aria-describedby'], notice.error || notice.warning ? noticeId : ''].filter(Boolean);
  return (
    <div className="fc-file">
      <input
        id={id}
        name={id}
        type="file"
        className="fc-input fc-input--file"
        accept={o.accept}
        required={required && !isFileLike(value)}
        disabled={disabled || readonly}
        {...aria}
        aria-describedby={describedBy.join(' ') || undefined}
        aria-invalid={aria['aria-invalid'] || !!notice.error || undefined}
        onClick={(e) => {
          if (isFileLike(value)) {
            e.currentTarget.value = '';
            setNotice({});
            onChange(undefined);
          }
        }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) {
            onChange(undefined);
            return;
          }
          const check = checkFile(file, { maxSize: o.maxSize, accept: o.accept, label: o.label, warnings: o.warnings });
          setNotice(check);
          if (check.error) {
            e.target.value = '';
            onChange(undefined);
          } else onChange(file);
        }}
      />
      {isFileLike(value) && <p className="fc-file__name">{value.name}</p>}
      {(notice.error || notice.warning) && (
        <p id={noticeId} className={notice.error ? 'fc-field__error' : 'fc-field__warning'} role="alert">
          {notice.error ?? notice.warning}
        </p>
      )}
    </div>
  );
}
