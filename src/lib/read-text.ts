// A leaf module: the page's first script reads the config's answer with it too (config-request.ts).

/**
 * The body as UTF-8 text (a BOM dropped, as response.json() does), or undefined when it is larger
 * than maxBytes. Content-Length only refuses early: it may be missing, wrong, or count the
 * compressed bytes, so the count of what actually arrives decides, and reading stops there.
 */
export async function readText(response: Response, maxBytes: number): Promise<string | undefined> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  // Only a body-less answer (a 204, say) has no stream; it reads as empty text, which is no JSON.
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}
