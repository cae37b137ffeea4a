// How many scans a JPEG's image is coded in. A decoder goes over the whole picture once per scan, and a scan can be
// a few bytes that skip every block, so a small file of thousands of scans holds a decoder for minutes. An honest
// progressive JPEG has about ten: libjpeg's progression script writes 10 scans for colour, 6 for grey, 2 + 4 per
// component otherwise (jcparam.c, jpeg_simple_progression); a baseline JPEG has one per component at most.
// libjpeg-turbo refuses more scans than an application's limit (TJPARAM_SCANLIMIT, djpeg -maxscans; none by default)
// and its own fuzzing target sets that limit to 100, the figure taken here.
import { jpegSegments } from '../../shared/imageHeader';

/** The most scans a JPEG may have to be decoded. */
export const maxJpegScans = 100;

/** The scans (start-of-scan markers) of the JPEG's first image, up to its end-of-image marker. */
export function jpegScanCount(bytes: Uint8Array): number {
  let scans = 0;
  for (const { marker } of jpegSegments(bytes)) if (marker === 0xda) scans += 1;
  return scans;
}
