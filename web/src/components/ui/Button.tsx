import type { ComponentProps } from 'react';
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
}: ComponentProps<'button'> & { variant?: Variant; wide?: boolean }) {
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
