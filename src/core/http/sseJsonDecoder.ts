// Bytes of an event-stream body -> JSON payloads, tolerant of everything in wire-notes. Framing is
// eventsource-parser's; this class only prepares its input and reads its output:
// - UTF-8 split anywhere: TextDecoder in streaming mode.
// - Single newlines between events: eventsource-parser (per the SSE spec) joins consecutive `data:` lines of
//   one event with "\n" and dispatches only at a blank line, so "data: {a}\ndata: {b}\n" would arrive late and
//   glued. A chunk without any blank line therefore has its line ends doubled before the parser, making each
//   line its own event as soon as it ends; a chunk that has blank lines (the documented framing) is fed as is,
//   which keeps the hot path free of a copy. Whatever still arrives glued is split again below ("{a}\n{b}"),
//   and a JSON value legitimately spread over several `data:` lines is re-joined, fragment by fragment.
// - A bare JSON line without `data:` (seen as an error body inside text/event-stream): the parser reports it as
//   an unknown field, and its line is used as a payload.
// - CRLF, `data:` without the space, `: keep-alive` comments: the parser handles them.
// - End of body: a blank line is fed, so that a last event without one is dispatched; the parser's
//   `reset({ consume: true })` parses such a line but, per the SSE spec, drops the event.
// docs/client.md ("Chat events") lists these hand-written parts and why the library cannot do them.
import { createParser } from 'eventsource-parser';
import type { EventSourceParser, ParseError } from 'eventsource-parser';

export const DONE: unique symbol = Symbol('[DONE]');

export interface SseJsonSink {
  /** A parsed JSON payload, or DONE for `data: [DONE]`. */
  onPayload(value: unknown): void;
  /** Text that was neither JSON nor part of a JSON value (reported, then skipped). */
  onMalformed(raw: string): void;
}

/** Fragments longer than this are not waited on any further. */
const MAX_PENDING = 1_000_000;

const LINE_END = /\r\n|\r|\n/g;

export class SseJsonDecoder {
  private readonly text = new TextDecoder('utf-8');
  private readonly parser: EventSourceParser;
  private pending: string | undefined;

  constructor(private readonly sink: SseJsonSink) {
    this.parser = createParser({
      onEvent: (event) => this.onData(event.data),
      onError: (error: ParseError) => {
        const line = error.line?.trim();
        if (error.type === 'unknown-field' && line !== undefined && line !== '') this.onData(line);
      },
    });
  }

  push(bytes: Uint8Array): void {
    const chunk = this.text.decode(bytes, { stream: true });
    if (chunk !== '') this.parser.feed(doubleLineEnds(chunk));
  }

  /** End of body: flushes a last line without a line end and reports an unfinished fragment. */
  end(): void {
    const tail = this.text.decode();
    this.parser.feed(`${doubleLineEnds(tail)}\n\n`);
    if (this.pending !== undefined) this.sink.onMalformed(this.pending);
    this.pending = undefined;
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
    if (alone !== FAILED) {
      this.sink.onMalformed(this.pending);
      this.pending = undefined;
      this.sink.onPayload(alone);
    } else if (looksLikeJsonStart(data) || joined.length > MAX_PENDING) {
      this.sink.onMalformed(this.pending);
      this.pending = looksLikeJsonStart(data) ? data : undefined;
    } else {
      this.pending = joined;
    }
  }
}

/** The chunk with every line end doubled, unless it already separates events with blank lines. */
function doubleLineEnds(chunk: string): string {
  if (chunk.includes('\n\n') || chunk.includes('\r\n\r\n') || chunk.includes('\r\r')) return chunk;
  return chunk.indexOf('\r') === -1 ? chunk.replaceAll('\n', '\n\n') : chunk.replace(LINE_END, '\n\n');
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
