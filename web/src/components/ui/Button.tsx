import type { ComponentPropsWithRef, InputHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'danger' | 'quiet';

function classes(variant: Variant, wide?: boolean, extra?: string) {
  return [styles.button, styles[variant], wide ? styles.wide : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'primary',
  wide,
  className,
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: Variant; wide?: boolean }) {
  return <button type={type} className={classes(variant, wide, className)} {...props} />;
}

export function ButtonLink({
  variant = 'primary',
  wide,
  className,
  ...props
}: LinkProps & { variant?: Variant; wide?: boolean }) {
  return <Link className={classes(variant, wide, className)} {...props} />;
}

/**
 * A file picker that looks like a button: the label is the visible control and the
 * native input inside it is visually hidden but still takes focus, Enter and Space.
 */
export function FileButton({
  variant = 'secondary',
  children,
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  variant?: Variant;
  children: ReactNode;
}) {
  return (
    <label className={classes(variant, false, [styles.file, className].filter(Boolean).join(' '))}>
      {children}
      <input type="file" className="visually-hidden" {...input} />
    </label>
  );
}
