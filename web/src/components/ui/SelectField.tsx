import { type SelectHTMLAttributes, useId } from 'react';
import styles from './Field.module.css';

/** A labelled <select> with the server's message for it beside it, as Field does for inputs. */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  ...select
}: {
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The first, empty choice ("Choose a country"); the field is unset while it is chosen. */
  placeholder?: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const selectId = useId();
  const errorId = `${selectId}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
