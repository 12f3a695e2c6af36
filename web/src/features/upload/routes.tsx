import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Loading, Notice, PageState } from '../../components/ui/Feedback';
import { Checkbox, TextArea } from '../../components/ui/Field';
import { ApiError, type LinkStatus } from '../../lib/api-client';
import { useShopName } from '../../lib/queries';
import { useSubmitPhotos, useUploadLink } from './api';
import { problemsWith } from './checks';
import styles from './components/Upload.module.css';

/** Spec 4.3: unknown, revoked and used-up links are one state, never told apart. */
function NotActive() {
  return (
    <PageState headingLevel={1} title="This link is not active">
      <p>
        It may have been used up or switched off. Ask the shop for a new link to send your photos.
      </p>
    </PageState>
  );
}

/** Spec 4.3: throttling is its own state, never worded like "not active". */
function WaitAMoment({ seconds }: { seconds: number | undefined }) {
  const wait = seconds && seconds > 0 ? seconds : 60;
  const words = wait < 90 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
  return (
    <PageState headingLevel={1} title="Please wait a moment">
      <p>
        There have been many tries from here in a short time. Try again in about {words}; your link
        still works.
      </p>
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
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  if (files.length === 0) return null;
  return (
    <ul className={styles.previews} aria-label="Chosen photos">
      {files.map((file, index) => (
        <li key={urls[index]}>
          <img
            src={urls[index]}
            alt={`Chosen ${index + 1}: ${file.name}`}
            width={160}
            height={160}
          />
          <button
            type="button"
            className={styles.removePhoto}
            onClick={() => onRemove(index)}
            aria-label={`Remove photo ${index + 1}`}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function UploadForm({ token, limits }: { token: string; limits: LinkStatus }) {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [triedEmpty, setTriedEmpty] = useState(false);
  const submit = useSubmitPhotos(token, setProgress);
  const problems = problemsWith(files, limits);

  const refused = refusalState(submit.error);
  if (refused) return refused;
  if (submit.isSuccess)
    return (
      <PageState headingLevel={1} title="Thank you!">
        <p>
          We received your {submit.data.photos === 1 ? 'photo' : `${submit.data.photos} photos`}.
          The shop will look at them and be in touch.
        </p>
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
      <h1>Send photos of your piece</h1>
      <p>Up to {limits.max_files} photos: the whole piece, the details, any marks.</p>
      <form className={styles.card} onSubmit={send} noValidate>
        <label className={styles.picker}>
          <span aria-hidden="true" className={styles.plus}>
            +
          </span>
          {files.length === 0 ? 'Take or choose photos' : 'Add more photos'}
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
              'Choose at least one photo.'
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
          label="A note about the piece"
          name="note"
          maxLength={2000}
          hint="What it is, its size, anything we should know."
          error={serverFieldError}
        />
        <Checkbox
          name="remove_background"
          label="Remove the background from my photos"
          defaultChecked
        />
        {submit.error && !serverFieldError && (
          <Notice tone="error" role="alert">
            {submit.error.message}
          </Notice>
        )}
        {submit.isPending && (
          <div>
            <label htmlFor="upload-progress">Uploading… {Math.round(progress * 100)}%</label>
            <progress id="upload-progress" className={styles.progress} max={1} value={progress} />
          </div>
        )}
        <Button type="submit" wide disabled={submit.isPending || problems.length > 0}>
          {submit.isPending ? 'Sending…' : 'Send photos'}
        </Button>
      </form>
    </div>
  );
}

/** `/upload/:token`: the page behind the link in the upload-link mail. */
export default function UploadPage() {
  const { token = '' } = useParams();
  const link = useUploadLink(token);
  const shopName = useShopName();
  useEffect(() => {
    document.title = `Send photos · ${shopName}`;
  }, [shopName]);
  if (link.isPending) return <Loading label="Checking your link…" />;
  if (link.isError)
    return (
      refusalState(link.error) ?? (
        <PageState headingLevel={1} title="The link could not be checked">
          <p>{link.error.message}</p>
        </PageState>
      )
    );
  return <UploadForm token={token} limits={link.data} />;
}
