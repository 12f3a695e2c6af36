import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Loading, Notice, PageState } from '../../components/ui/Feedback';
import { Checkbox, TextArea } from '../../components/ui/Field';
import { ApiError, type LinkStatus } from '../../lib/api-client';
import { formatWait } from '../../lib/format';
import { useShopName } from '../../lib/queries';
import { useSubmitPhotos, useUploadLink } from './api';
import { problemsWith } from './checks';
import styles from './components/Upload.module.css';

/** Spec 4.3: unknown, revoked and used-up links are one state, never told apart. */
function NotActive() {
  const { t } = useTranslation('upload');
  return (
    <PageState headingLevel={1} title={t('notActive.title')}>
      <p>{t('notActive.body')}</p>
    </PageState>
  );
}

/** Spec 4.3: throttling is its own state, never worded like "not active". */
function WaitAMoment({ seconds }: { seconds: number | undefined }) {
  const { t } = useTranslation('upload');
  const wait = seconds && seconds > 0 ? seconds : 60;
  return (
    <PageState headingLevel={1} title={t('wait.title')}>
      <p>{t('wait.body', { wait: formatWait(wait) })}</p>
    </PageState>
  );
}

function refusalState(error: unknown) {
  if (error instanceof ApiError && error.status === 404) return <NotActive />;
  if (error instanceof ApiError && error.status === 429)
    return <WaitAMoment seconds={error.retryAfter} />;
  return null;
}

function Previews({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation('upload');
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  if (files.length === 0) return null;
  return (
    <ul className={styles.previews} aria-label={t('previews.label')}>
      {files.map((file, index) => (
        <li key={urls[index]}>
          <img
            src={urls[index]}
            alt={t('previews.photo', { n: index + 1, name: file.name })}
            width={160}
            height={160}
          />
          <button
            type="button"
            className={styles.removePhoto}
            onClick={() => onRemove(index)}
            aria-label={t('previews.remove', { n: index + 1 })}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function UploadForm({ token, limits }: { token: string; limits: LinkStatus }) {
  const { t } = useTranslation('upload');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [triedEmpty, setTriedEmpty] = useState(false);
  const submit = useSubmitPhotos(token, setProgress);
  const problems = problemsWith(files, limits);

  const refused = refusalState(submit.error);
  if (refused) return refused;
  if (submit.isSuccess)
    return (
      <PageState headingLevel={1} title={t('done.title')}>
        <p>{t('done.body', { count: submit.data.photos })}</p>
      </PageState>
    );

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (files.length === 0) return setTriedEmpty(true);
    if (problems.length > 0) return;
    const form = new FormData(event.currentTarget);
    setProgress(0);
    submit.mutate({
      photos: files,
      note: String(form.get('note') ?? ''),
      removeBackground: form.get('remove_background') === 'on',
    });
  }

  const serverFieldError =
    submit.error instanceof ApiError && submit.error.field === 'note'
      ? submit.error.message
      : undefined;
  return (
    <div className={styles.page}>
      <h1>{t('form.title')}</h1>
      <p>{t('form.intro', { max: limits.max_files })}</p>
      <form className={styles.card} onSubmit={send} noValidate>
        <label className={styles.picker}>
          <span aria-hidden="true" className={styles.plus}>
            +
          </span>
          {files.length === 0 ? t('form.choose') : t('form.more')}
          <input
            type="file"
            accept="image/*"
            multiple
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              setFiles((current) => [...current, ...chosen]);
              setTriedEmpty(false);
              event.target.value = '';
            }}
            disabled={submit.isPending}
          />
        </label>
        <Previews
          files={files}
          onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))}
        />
        {(problems.length > 0 || triedEmpty) && (
          <Notice tone="error" role="alert">
            {triedEmpty ? (
              t('form.empty')
            ) : (
              <ul className={styles.problems}>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Notice>
        )}
        <TextArea
          label={t('form.note')}
          name="note"
          maxLength={2000}
          hint={t('form.noteHint')}
          error={serverFieldError}
        />
        <Checkbox name="remove_background" label={t('form.removeBackground')} defaultChecked />
        {submit.error && !serverFieldError && (
          <Notice tone="error" role="alert">
            {submit.error.message}
          </Notice>
        )}
        {submit.isPending && (
          <div>
            <label htmlFor="upload-progress">
              {t('form.uploading', { percent: Math.round(progress * 100) })}
            </label>
            <progress id="upload-progress" className={styles.progress} max={1} value={progress} />
          </div>
        )}
        <Button type="submit" wide disabled={submit.isPending || problems.length > 0}>
          {submit.isPending ? t('form.sending') : t('form.send')}
        </Button>
      </form>
    </div>
  );
}

/** `/upload/:token`: the page behind the link in the upload-link mail. */
export default function UploadPage() {
  const { t } = useTranslation('upload');
  const { token = '' } = useParams();
  const link = useUploadLink(token);
  const shopName = useShopName();
  useEffect(() => {
    document.title = t('pageTitle', { shop: shopName });
  }, [shopName, t]);
  if (link.isPending) return <Loading label={t('checking')} />;
  if (link.isError)
    return (
      refusalState(link.error) ?? (
        <PageState headingLevel={1} title={t('checkFailed')}>
          <p>{link.error.message}</p>
        </PageState>
      )
    );
  return <UploadForm token={token} limits={link.data} />;
}
