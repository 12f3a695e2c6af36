import { imageDecodeSlots } from './decode-slots.js';
import { processImage } from './image-upload.js';
import { makeVariants, type PhotoWithVariants, variantWidthsFor } from './image-variants.js';

/** An uploaded file as a form hands it over. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

/**
 * One form's photos, worked on as they arrive: each is checked and re-encoded
 * (full-size re-encodes take turns across the process) and then given its list
 * sizes, while the next ones are received. Nothing is stored here; the caller
 * stores the photos once the whole form has proved valid.
 */
export function photoPipeline() {
  // Each photo's work, in the order the photos came, and its re-encode alone.
  const work: Array<Promise<PhotoWithVariants>> = [];
  const reencoding: Array<Promise<unknown>> = [];
  // Once the form is refused (or one of its photos is), list sizes not yet started are not made.
  let refused = false;
  const wanted = () => !refused;

  return {
    /**
     * Starts on one photo. Never more raw uploads wait than there are slots to decode
     * them: past that this waits, and the rest of the form waits in the socket.
     */
    async add(file: UploadedFile): Promise<void> {
      const ahead = reencoding.length - imageDecodeSlots.size;
      if (ahead >= 0) await reencoding[ahead]!.catch(() => {});
      const reencoded = processImage(file);
      // A photo refused refuses the form. Its refusal is reported by `photos()`; until
      // then neither promise may count as unhandled.
      reencoded.catch(() => {
        refused = true;
      });
      // Its list sizes from the bytes that will be stored.
      const photo = reencoded.then(async (done) => ({
        ...done,
        variants: await makeVariants(done.bytes, variantWidthsFor(done.width), wanted),
      }));
      photo.catch(() => {});
      reencoding.push(reencoded);
      work.push(photo);
    },

    /** Every photo, in the order sent; the first refusal in that order is the one raised. */
    async photos(): Promise<PhotoWithVariants[]> {
      const done: PhotoWithVariants[] = [];
      for (const photo of work) done.push(await photo);
      return done;
    },

    /** The form is refused: no more list sizes are started, and this resolves once the work under way has ended. */
    refuse(): Promise<Array<PromiseSettledResult<PhotoWithVariants>>> {
      refused = true;
      return Promise.allSettled(work);
    },
  };
}
