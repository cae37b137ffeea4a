// Parses a Retry-After header: either delay-seconds or an HTTP date (RFC 9110 section 10.2.3).

/** Milliseconds to wait, or undefined when the header is absent or unparseable. Past dates give 0. */
export function parseRetryAfter(value: string | readonly string[] | undefined, nowMs: number = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only something that looks like a date: Date.parse accepts bare numbers such as "-1" as years.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
