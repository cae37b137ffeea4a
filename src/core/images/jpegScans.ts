// How many scans a JPEG's image is coded in. A decoder goes over the whole picture once per scan, and a scan can be
// a few bytes that skip every block, so a small file of thousands of scans holds a decoder for minutes. An honest
// progressive JPEG has about ten: libjpeg's progression script writes 10 scans for colour, 6 for grey, 2 + 4 per
// component otherwise (jcparam.c, jpeg_simple_progression); a baseline JPEG has one per component at most.
// libjpeg-turbo refuses more scans than an application's limit (TJPARAM_SCANLIMIT, djpeg -maxscans; none by default)
// and its own fuzzing target sets that limit to 100, the figure taken here.

/** The most scans a JPEG may have to be decoded. */
export const maxJpegScans = 100;

const u16be = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);

/**
 * The scans (start-of-scan markers) of the JPEG's first image, up to its end-of-image marker: the segments are stepped
 * over by their lengths, each scan's coded data to the next marker (a 0xFF not followed by a stuffed zero, a restart
 * marker or another 0xFF).
 */
export function jpegScanCount(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 0;
  let scans = 0;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return scans;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) return scans;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    at += 2 + u16be(bytes, at + 2);
    if (marker === 0xda) {
      scans += 1;
      at = nextMarker(bytes, at);
    }
  }
  return scans;
}

/** Where the marker after a scan's coded data starts (the data's length when none follows). */
function nextMarker(bytes: Uint8Array, from: number): number {
  for (let at = bytes.indexOf(0xff, from); at !== -1; at = bytes.indexOf(0xff, at + 1)) {
    const next = bytes[at + 1];
    if (next === undefined) return bytes.length;
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return at;
  }
  return bytes.length;
}
