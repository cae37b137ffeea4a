// JSON.parse for a whole body the client reads (chat answers and error bodies, every speech answer). A leading byte
// order mark (U+FEFF) is not part of the JSON: RFC 8259 section 8.1 lets a parser ignore it, some gateways write it
// (UTF-8 encoders that emit one by default), and JSON.parse refuses it. Event streams need no such step: the
// streaming TextDecoder drops a BOM at the start of the body.
const BYTE_ORDER_MARK = 0xfeff;

/** The JSON value of a body's text; throws JSON.parse's SyntaxError when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text);
}
