// The `data:` payloads of a server-sent event stream, as the tests read the chat route's answers: framed by
// eventsource-parser (the house rule: never a hand-written line splitter), whole bodies or chunk by chunk.
import { createParser, type EventSourceParser } from 'eventsource-parser';

/** Reads a stream chunk by chunk: each `push` returns the data of the events that chunk completed, in order. */
export class SseDataReader {
  private readonly completed: string[] = [];
  private readonly parser: EventSourceParser = createParser({ onEvent: (event) => this.completed.push(event.data) });

  push(chunk: string): string[] {
    this.parser.feed(chunk);
    return this.completed.splice(0);
  }
}

/** The data of every complete event of an event-stream body, in order (`[DONE]` included). */
export function sseData(body: string): string[] {
  return new SseDataReader().push(body);
}
