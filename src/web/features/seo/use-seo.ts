import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeoAnswer, SeoUpdate } from '#shared/seo.ts';
import { api } from '#web/lib/api.ts';
import { useApiMutation } from '#web/lib/use-api-mutation.ts';
import { uploadMedia } from '#web/lib/upload-media.ts';

export const seoQueryKey = ['me', 'seo'] as const;

/** The page's SEO settings, whether its plan draws them, and the plans that do. */
export function useSeo() {
  return useQuery({
    queryKey: seoQueryKey,
    queryFn: async () => (await api<{ data: SeoAnswer }>('/api/me/seo')).data,
  });
}

export function useSaveSeo() {
  const queryClient = useQueryClient();
  return useApiMutation({
    failure: 'Failed to save your SEO settings. Please try again.',
    mutationFn: async (update: SeoUpdate) => (await api<{ data: SeoAnswer }>('/api/me/seo', { method: 'PUT', body: update })).data,
    onSuccess: (saved) => queryClient.setQueryData(seoQueryKey, saved),
    success: 'SEO settings saved: your page shows them now.',
  });
}

/** Upload the page's own share image: cropped and stored by the server, not yet shown until the settings are saved. */
export function useUploadShareImage(onProgress: (percent: number) => void) {
  return useApiMutation({
    failure: 'Failed to upload the image. Please try again.',
    mutationFn: (file: File) => uploadMedia('share', file, onProgress),
  });
}
