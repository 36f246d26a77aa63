import { sendFile, type UploadOptions } from '@/components/ui/send-file';

export { UploadCancelledError, type UploadOptions, type UploadTick } from '@/components/ui/send-file';

/** Sends a file to POST /api/admin/media; resolves with its id and URL or rejects with the server's message. */
export async function uploadMedia(
  file: File,
  kind: 'image' | 'pdf',
  options: UploadOptions = {},
): Promise<{ id: string; url: string }> {
  const { status, body } = await sendFile(`/api/admin/media?kind=${kind}`, file, options);
  const { id, url, error } = body as { id?: string; url?: string; error?: string };
  if (status >= 200 && status < 300 && url && id) return { id, url };
  throw new Error(error ?? `The upload failed (HTTP ${status}).`);
}

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp,image/x-icon,image/vnd.microsoft.icon,.ico,.bmp';
