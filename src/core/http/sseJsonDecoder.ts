// Bytes of an event-stream body -> JSON payloads, tolerant of everything in wire-notes. The service's streams are
// line-framed: a payload is one `data:` line, a blank line between events is documented but single newlines are
// seen, and a bare JSON error line may stand without `data:`. So this reads lines, not SSE events: every `data:`
// line is handed on as soon as it ends, without waiting for a blank line. (eventsource-parser implements the
// browser's EventSource, which joins the data lines of an event and dispatches at the blank line; using it meant
// doubling line ends before it and splitting glued events after it: docs/client.md, "SSE framing".)
// - Lines end at LF, CR or CRLF, a CRLF split between two reads included; UTF-8 split anywhere: TextDecoder in
//   streaming mode (which also drops a byte order mark at the start).
// - `data:` with or without the space; `: comment` lines skipped; `id:` and `retry:` ignored.
// - `event: error` makes the next payload an error, delivered at once: data without an `error` key ({"message": …},
//   or a line of plain text) becomes an error object, so its message is shown rather than the stream taken for an
//   empty answer. A blank line clears it.
// - A bare line that is no field (a JSON error line without `data:`) is used as a payload.
// - A JSON value spread over several `data:` lines (pretty-printed) is re-joined, fragment by fragment, for as long
//   as it is still open, whatever its inner lines start with; only a new complete top-level payload ends an
//   unfinished fragment early.
// - End of body: a last line without a line end is read, and an unfinished fragment reported.

export const DONE: unique symbol = Symbol('[DONE]');

export interface SseJsonSink {
  /** A parsed JSON payload, or DONE for `data: [DONE]`; the data of an `event: error` arrives as `{ error: … }`. */
  onPayload(value: unknown): void;
  /** Text that was neither JSON nor part of a JSON value (reported, then skipped). */
  onMalformed(raw: string): void;
}

/** Fragments longer than this are not waited on any further. */
const MAX_PENDING = 1_000_000;

const LF = 10;
const CR = 13;

export class SseJsonDecoder {
  private readonly text = new TextDecoder('utf-8');
  /** The line not yet ended (it began in an earlier read). */
  private partialLine = '';
  /** The last read ended with a CR: an LF at the start of the next one belongs to it. */
  private afterCr = false;
  private errorEvent = false;
  private pending: string | undefined;

  constructor(private readonly sink: SseJsonSink) {}

  push(bytes: Uint8Array): void {
    const chunk = this.text.decode(bytes, { stream: true });
    if (chunk !== '') this.readLines(chunk);
  }

  /** End of body: reads a last line without a line end and reports an unfinished fragment. */
  end(): void {
    const tail = this.text.decode();
    if (tail !== '') this.readLines(tail);
    if (this.partialLine !== '') this.line(this.partialLine);
    this.partialLine = '';
    if (this.pending !== undefined) this.sink.onMalformed(this.pending);
    this.pending = undefined;
  }

  private readLines(chunk: string): void {
    let from = 0;
    if (this.afterCr && chunk.charCodeAt(0) === LF) from = 1;
    this.afterCr = false;
    const hasCr = chunk.includes('\r');
    while (from < chunk.length) {
      const end = hasCr ? lineEnd(chunk, from) : chunk.indexOf('\n', from);
      if (end === -1) break;
      const line = chunk.slice(from, end);
      this.line(this.partialLine === '' ? line : this.partialLine + line);
      this.partialLine = '';
      from = end + 1;
      if (chunk.charCodeAt(end) === CR) {
        if (from === chunk.length) this.afterCr = true;
        else if (chunk.charCodeAt(from) === LF) from += 1;
      }
    }
    if (from < chunk.length) this.partialLine += chunk.slice(from);
  }

  private line(line: string): void {
    if (line.startsWith('data:')) this.onData(line.charCodeAt(5) === 32 /* space */ ? line.slice(6) : line.slice(5));
    else if (line === '') this.errorEvent = false;
    else if (line.startsWith('event:') || line === 'event') this.errorEvent = line.slice(6).trim() === 'error';
    // Neither a `: comment` nor a field: a bare JSON line (an error body written into the stream).
    else if (!line.startsWith(':') && !IGNORED_FIELD.test(line)) this.onData(line.trim());
  }

  private deliver(value: unknown, raw: string): void {
    if (!this.errorEvent) {
      this.sink.onPayload(value);
      return;
    }
    this.errorEvent = false;
    const error = value === DONE ? { message: raw.trim() } : value;
    this.sink.onPayload(typeof error === 'object' && error !== null && 'error' in error ? error : { error });
  }

  private onData(data: string): void {
    if (this.pending === undefined) {
      const value = parse(data);
      if (value !== FAILED) this.deliver(value, data);
      else if (looksLikeJsonStart(data)) this.pending = data;
      else if (data.trim() === '') return;
      else if (this.errorEvent) this.deliver({ message: data.trim() }, data);
      else this.sink.onMalformed(data);
      return;
    }
    const joined = `${this.pending}\n${data}`;
    const value = parse(joined);
    if (value !== FAILED) {
      this.pending = undefined;
      this.deliver(value, joined);
      return;
    }
    const alone = parse(data);
    const open = openDepth(joined) > 0;
    // A complete payload of its own (a chunk, an error) ends an unfinished fragment; an inner line of a value that
    // happens to parse alone (`{"content": "x"}`) does not, while that value is still open.
    if (alone !== FAILED && (!open || isTopLevelPayload(alone))) {
      this.sink.onMalformed(this.pending);
      this.pending = undefined;
      this.deliver(alone, data);
    } else if (open && joined.length <= MAX_PENDING) {
      this.pending = joined;
    } else if (looksLikeJsonStart(data) || joined.length > MAX_PENDING) {
      this.sink.onMalformed(this.pending);
      this.pending = looksLikeJsonStart(data) ? data : undefined;
    } else {
      this.pending = joined;
    }
  }
}

/** `id:`, `retry:`, and `data` without a colon (empty data). */
const IGNORED_FIELD = /^(?:id|retry)(?::|$)|^data$/;

/** The index of the first CR or LF at or after `from`, or -1. */
function lineEnd(chunk: string, from: number): number {
  const lf = chunk.indexOf('\n', from);
  const cr = chunk.indexOf('\r', from);
  return cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
}

/** How many objects and arrays are still open at the end of a JSON fragment (strings skipped). */
function openDepth(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* backslash */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) depth++;
    else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return depth;
}

function isTopLevelPayload(value: unknown): boolean {
  return typeof value === 'object' && value !== null && ('choices' in value || 'error' in value);
}

const FAILED: unique symbol = Symbol('failed');

function parse(data: string): unknown {
  if (data === '[DONE]') return DONE;
  try {
    // JSON.parse skips surrounding whitespace itself: no trim() copy per chunk.
    return JSON.parse(data);
  } catch {
    return data.trim() === '[DONE]' ? DONE : FAILED;
  }
}

function looksLikeJsonStart(data: string): boolean {
  const first = data.trimStart()[0];
  return first === '{' || first === '[';
}
