import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/** Copies `text` to the clipboard and says so (for values shown once: a link, a secret). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <Button
        onClick={async () => {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        }}
      >
        {label}
      </Button>
      <span aria-live="polite">{copied ? t('copied') : ''}</span>
    </>
  );
}
