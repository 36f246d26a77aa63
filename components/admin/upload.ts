/** Sends a file to POST /api/admin/media; resolves with its URL or rejects with the server's message. */
export async function uploadMedia(file: File, kind: 'image' | 'pdf'): Promise<{ id: string; url: string }> {
  const body = new FormData();
  body.set('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/admin/media?kind=${kind}`, { method: 'POST', body });
  } catch {
    throw new Error('The upload did not reach the server. Check your connection and try again.');
  }
  const result = (await response.json().catch(() => ({}))) as { id?: string; url?: string; error?: string };
  if (!response.ok || !result.url || !result.id) throw new Error(result.error ?? `The upload failed (HTTP ${response.status}).`);
  return { id: result.id, url: result.url };
}

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp,image/x-icon,image/vnd.microsoft.icon,.ico,.bmp';
