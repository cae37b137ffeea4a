// Bytes of an event-stream body -> JSON payloads, tolerant of everything in docs/wire.md. Framing is
// eventsource-parser's; this class only prepares its input and reads its output:
// - UTF-8 split anywhere: Node's StringDecoder, which holds an incomplete sequence until the next read. Not a streaming
//   TextDecoder: on the Node of an extension host that decodes several times slower per byte, which on a fast answer
//   is more than the whole decoder's own work (bench/client.bench.ts). A byte order mark at the start of the body is
//   dropped here, as TextDecoder drops it.
// - Single newlines between events: eventsource-parser (per the SSE spec) joins consecutive `data:` lines of
//   one event with "\n" and dispatches only at a blank line, so "data: {a}\ndata: {b}\n" would arrive late and
//   glued. A chunk without any blank line therefore has its line ends doubled before the parser, making each
//   line its own event as soon as it ends; a chunk that has blank lines (the documented framing) is fed as is,
//   which keeps the hot path free of a copy. An `event:`, `id:` or `retry:` line keeps its single line end, so it
//   stays in the event of the `data:` line after it (an `event: error` is told apart so). Whatever still arrives
//   glued is split again below ("{a}\n{b}"), and a JSON value legitimately spread over several `data:` lines
//   (pretty-printed) is re-joined, fragment by fragment, for as long as it is still open, whatever its inner lines
//   start with; only a new complete top-level payload ends an unfinished fragment early.
// - An `event: error` whose data has no `error` key ({"message": …}, or plain text) is delivered as an error
//   object, so its message is shown rather than the stream taken for an empty answer.
// - A bare JSON line without `data:` (seen as an error body inside text/event-stream): the parser reports it as
//   an unknown field, and its line is used as a payload.
// - CRLF, `data:` without the space, `: keep-alive` comments: the parser handles them.
// - End of body: a blank line is fed, so that a last event without one is dispatched; the parser's
//   `reset({ consume: true })` parses such a line but, per the SSE spec, drops the event.
// docs/client.md ("Chat events") lists these hand-written parts and why the library cannot do them.
import { createParser } from 'eventsource-parser';
import type { EventSourceParser, ParseError } from 'eventsource-parser';
import { StringDecoder } from 'node:string_decoder';

export const DONE: unique symbol = Symbol('[DONE]');

export interface SseJsonSink {
  /** A parsed JSON payload, or DONE for `data: [DONE]`; the data of an `event: error` arrives as `{ error: … }`. */
  onPayload(value: unknown): void;
  /** Text that was neither JSON nor part of a JSON value (reported, then skipped). */
  onMalformed(raw: string): void;
}

/** Fragments longer than this are not waited on any further. */
const MAX_PENDING = 1_000_000;

const LINE_END = /\r\n|\r|\n/g;

export class SseJsonDecoder {
  private readonly text = new StringDecoder('utf8');
  /** Whether no text has been decoded yet: a byte order mark may still begin it. */
  private atStart = true;
  private readonly parser: EventSourceParser;
  private pending: string | undefined;
  /** The first characters of the line not yet ended (it may have begun in an earlier read). */
  private lineHead = '';
  /** A CR that ended the last read, held until the next one says whether an LF follows it. */
  private heldCr = '';

  constructor(private readonly sink: SseJsonSink) {
    this.parser = createParser({
      onEvent: (event) => (event.event === 'error' ? this.onErrorEvent(event.data) : this.onData(event.data)),
      onError: (error: ParseError) => {
        const line = error.line?.trim();
        if (error.type === 'unknown-field' && line !== undefined && line !== '') this.onData(line);
      },
    });
  }

  push(bytes: Uint8Array): void {
    let chunk = this.heldCr + this.decoded(this.text.write(bytes));
    // A read that ends in CR may end in the middle of a CRLF: the CR waits for the next read, so that a CRLF split
    // between reads is one line end, not two (which the doubling below would turn into an early dispatch).
    this.heldCr = chunk.endsWith('\r') ? '\r' : '';
    if (this.heldCr !== '') chunk = chunk.slice(0, -1);
    if (chunk !== '') this.parser.feed(this.doubleLineEnds(chunk));
  }

  /** End of body: flushes a last line without a line end and reports an unfinished fragment. */
  end(): void {
    const tail = this.heldCr + this.decoded(this.text.end());
    this.heldCr = '';
    this.parser.feed(`${this.doubleLineEnds(tail)}\n\n`);
    if (this.pending !== undefined) this.sink.onMalformed(this.pending);
    this.pending = undefined;
  }

  /** Decoded text, less the byte order mark that may begin the body. */
  private decoded(text: string): string {
    if (!this.atStart || text === '') return text;
    this.atStart = false;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  /**
   * The chunk with its line ends doubled, unless it already separates events with blank lines; the line end of an
   * `event:`, `id:` or `retry:` line stays single, so that field belongs to the data that follows it.
   */
  private doubleLineEnds(chunk: string): string {
    if (chunk.includes('\n\n') || chunk.includes('\r\n\r\n') || chunk.includes('\r\r')) {
      this.noteLineHead(chunk);
      return chunk;
    }
    // The common case, no field line in reach: every line end doubled in one pass, as cheap as the plain copy.
    if (!FIELD_IN_CHUNK.test(chunk) && !mayStartField(this.lineHead)) {
      this.noteLineHead(chunk);
      return chunk.indexOf('\r') === -1 ? chunk.replaceAll('\n', '\n\n') : chunk.replace(LINE_END, '\n\n');
    }
    let out = '';
    let from = 0;
    for (const match of chunk.matchAll(LINE_END)) {
      const end = match.index;
      const head = (this.lineHead + chunk.slice(from, Math.min(end, from + HEAD))).slice(0, HEAD);
      out += chunk.slice(from, end) + (FIELD_LINE.test(head) ? match[0] : match[0] + match[0]);
      from = end + match[0].length;
      this.lineHead = '';
    }
    this.lineHead = (this.lineHead + chunk.slice(from, from + HEAD)).slice(0, HEAD);
    return out + chunk.slice(from);
  }

  private noteLineHead(chunk: string): void {
    // The last line end: the last LF, or a CR after it. Looking for the last CR from the end would read the whole
    // chunk when it has none, as most streams' chunks do, on every read.
    let last = chunk.lastIndexOf('\n');
    for (let cr = chunk.indexOf('\r', last + 1); cr !== -1; cr = chunk.indexOf('\r', cr + 1)) last = cr;
    this.lineHead = last === -1 ? (this.lineHead + chunk.slice(0, HEAD)).slice(0, HEAD) : chunk.slice(last + 1, last + 1 + HEAD);
  }

  private onErrorEvent(data: string): void {
    const value = parse(data);
    const error = value === FAILED || value === DONE ? { message: data.trim() } : value;
    this.sink.onPayload(typeof error === 'object' && error !== null && 'error' in error ? error : { error });
  }

  private onData(data: string): void {
    if (this.pending === undefined) {
      const value = parse(data);
      if (value !== FAILED) this.sink.onPayload(value);
      else if (data.includes('\n')) for (const line of data.split('\n')) this.onData(line);
      else if (looksLikeJsonStart(data)) this.pending = data;
      else if (data.trim() !== '') this.sink.onMalformed(data);
      return;
    }
    const joined = `${this.pending}\n${data}`;
    const value = parse(joined);
    if (value !== FAILED) {
      this.pending = undefined;
      this.sink.onPayload(value);
      return;
    }
    const alone = parse(data);
    const open = openDepth(joined) > 0;
    // A complete payload of its own (a chunk, an error) ends an unfinished fragment; an inner line of a value that
    // happens to parse alone (`{"content": "x"}`) does not, while that value is still open.
    if (alone !== FAILED && (!open || isTopLevelPayload(alone))) {
      this.sink.onMalformed(this.pending);
      this.pending = undefined;
      this.sink.onPayload(alone);
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

/** How many characters of a line tell whether it is an `event:`, `id:` or `retry:` field. */
const HEAD = 8;
const FIELD_NAMES = ['event:', 'id:', 'retry:'];
const FIELD_LINE = /^(event|id|retry):/;
const FIELD_IN_CHUNK = /(?:^|[\r\n])(?:event|id|retry):/;

/** Whether the line begun in an earlier read is, or may still become, an `event:`, `id:` or `retry:` line. */
function mayStartField(head: string): boolean {
  return head !== '' && FIELD_NAMES.some((field) => field.startsWith(head) || head.startsWith(field));
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
