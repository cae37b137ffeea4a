// The name shown for an image given by address: the last path segment, percent-decoded. A malformed escape
// (`%E0%A4%A`, a lone `%`) makes decodeURIComponent throw a URIError; the raw segment is shown then instead of
// failing the command.

export function urlFileName(url: URL): string {
  const segment = url.pathname.split('/').pop() ?? '';
  return safeDecode(segment) || url.hostname;
}

/** decodeURIComponent that keeps the text as it is when its percent-encoding is malformed. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
