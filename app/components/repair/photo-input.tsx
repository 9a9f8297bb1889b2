/**
 * The photos of a damage. Without JavaScript a plain file input in the multipart form (the server stores and
 * attaches the files). With JavaScript each chosen file goes through a signed upload (SPEC §7: `signedUrl` with the
 * image type, name and extension, then a form upload to the returned URL with its fields) and only the keys of the
 * uploaded photos are posted; a failed upload does not stop the wizard (SPEC §8: silent), but the shopper sees
 * which photo did not attach.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { useHydrated } from '../panels/use-hydrated';
import { MAX_PHOTO_BYTES, PHOTO_TYPES, photoTooLargeMessage } from '../../../server/repairs/public';
import * as fieldStyles from '../forms/fields.css';
import * as styles from './repair.css';

type Upload = { name: string; state: 'uploading' | 'attached' | 'failed'; key?: string; message?: string };

const API = '/api/repair-admin';

async function uploadOne(file: File): Promise<string> {
  if (file.size > MAX_PHOTO_BYTES) throw new Error(photoTooLargeMessage(MAX_PHOTO_BYTES));
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const signed = await fetch(`${API}/signedUrl`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      image_type: file.type,
      image_name: file.name.replace(/\.[^.]*$/, ''),
      image_extension: extension,
    }),
  });
  const signedBody = (await signed.json().catch(() => ({}))) as {
    data?: { url: string; fields: Record<string, string> };
    message?: string;
  };
  if (!signed.ok || !signedBody.data) throw new Error(signedBody.message ?? 'The upload could not start.');
  const form = new FormData();
  for (const [name, value] of Object.entries(signedBody.data.fields)) form.append(name, value);
  form.append('file', file, file.name);
  const uploaded = await fetch(signedBody.data.url, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json' },
  });
  const uploadedBody = (await uploaded.json().catch(() => ({}))) as {
    data?: { key: string };
    message?: string;
  };
  if (!uploaded.ok || !uploadedBody.data) throw new Error(uploadedBody.message ?? 'The upload failed.');
  return uploadedBody.data.key;
}

export function PhotoInput({
  id,
  describedBy,
  onUploadingChange,
}: {
  id: string;
  describedBy?: string;
  /** Told whether a photo is still on its way (its key is not in the form until it has arrived). */
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const hydrated = useHydrated();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const uploading = uploads.some((upload) => upload.state === 'uploading');
  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [onUploadingChange, uploading]);
  // Unmounted (a new damage starts with an empty list): nothing is on its way any more for the form.
  useEffect(() => () => onUploadingChange?.(false), [onUploadingChange]);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    if (!hydrated) return;
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    const start = uploads.length;
    setUploads((current) => [
      ...current,
      ...files.map((file) => ({ name: file.name, state: 'uploading' as const })),
    ]);
    await Promise.all(
      files.map(async (file, index) => {
        let next: Upload;
        try {
          next = { name: file.name, state: 'attached', key: await uploadOne(file) };
        } catch (error) {
          next = { name: file.name, state: 'failed', message: (error as Error).message };
        }
        setUploads((current) => current.map((upload, i) => (i === start + index ? next : upload)));
      }),
    );
  };

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        Photos of the damage (JPEG, PNG or WebP, up to 8 MB each)
      </label>
      <input
        id={id}
        type="file"
        // Without JavaScript the files travel in the form; with it, only the keys of the uploaded ones.
        name={hydrated ? undefined : 'photos'}
        multiple
        accept={PHOTO_TYPES.join(',')}
        aria-describedby={describedBy}
        onChange={onChange}
      />
      {uploads.length > 0 ? (
        <ul className={styles.list} aria-live="polite" aria-label="Photo uploads">
          {uploads.map((upload, index) => (
            <li key={`${upload.name}-${index}`}>
              {upload.state === 'uploading' ? `${upload.name}: uploading…` : null}
              {upload.state === 'attached' ? `${upload.name}: ready to attach` : null}
              {upload.state === 'failed' ? (
                <span className={styles.error}>{`${upload.name} did not attach: ${upload.message}`}</span>
              ) : null}
              {upload.state === 'attached' ? (
                <>
                  <input type="hidden" name="photo_keys" value={upload.key} />
                  <input type="hidden" name="photo_names" value={upload.name} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
