// Sharing a page of Verde where Brazilians share: WhatsApp first. The message is the text and the
// link on one line, which WhatsApp shows with the page's preview (its og: tags).

/** The wa.me address that opens WhatsApp (app or web) with text and url ready to send to anyone. */
export function whatsappLink(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** Whether this browser has the system's share sheet (phones, mostly). */
export function canShareNatively(): boolean {
  return typeof navigator.share === 'function';
}

/**
 * Opens the system's share sheet; 'cancelado' when the member closed it (nothing to report),
 * 'erro' when the browser refused.
 */
export async function shareNatively(data: { title: string; text: string; url: string }): Promise<'ok' | 'cancelado' | 'erro'> {
  try {
    await navigator.share(data);
    return 'ok';
  } catch (err) {
    return err instanceof DOMException && err.name === 'AbortError' ? 'cancelado' : 'erro';
  }
}
