import { useMutation, useQuery } from '@tanstack/react-query';
import { api, ok, submitPhotos } from '../../lib/api-client';

/** Reads the link before showing the form: usable, "not active" (404) or "wait" (429). */
export function useUploadLink(token: string) {
  return useQuery({
    queryKey: ['/api/upload-links', token],
    queryFn: () => ok(api.GET('/api/upload-links/{token}', { params: { path: { token } } })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSubmitPhotos(token: string, onProgress: (fraction: number) => void) {
  return useMutation({
    mutationFn: (submission: { photos: File[]; note: string; removeBackground: boolean }) => {
      const form = new FormData();
      form.append('note', submission.note);
      // The server's default is on; only the opt-out is sent (contract: `false` opts out).
      if (!submission.removeBackground) form.append('remove_background', 'false');
      for (const photo of submission.photos) form.append('photos', photo, photo.name);
      return submitPhotos(token, form, onProgress);
    },
  });
}
