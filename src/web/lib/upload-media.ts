import type { MediaKind, MediaUpload } from '#shared/media.ts';
import { ApiError, NETWORK_ERROR_MESSAGE, apiErrorOf } from './api.ts';
import { pageHeaders } from './page-choice.ts';

/** Upload one file with progress (fetch cannot report upload progress, XMLHttpRequest can). */
export function uploadMedia(kind: MediaKind, file: File, onProgress: (percent: number) => void): Promise<MediaUpload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/media/${kind}`);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(pageHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: { data?: MediaUpload } = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // An empty or non-JSON body: the status decides.
      }
      if (request.status >= 200 && request.status < 300 && body.data) resolve(body.data);
      else reject(apiErrorOf(request.status, body));
    };
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, 'network_error'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
