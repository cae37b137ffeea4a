// Resampling from espeak-ng's 22050 Hz to the requested rate with libsamplerate (WebAssembly build, BSD/MIT), then the
// volume gain. libsamplerate's fastest sinc converter is several times faster than wavefile's cubic resampler with
// its low-pass filter, and it runs on the event loop shared with the
// rest of the service, so the speed matters. One converter per rate pair is created once and reused; `simple()`
// starts from a clean state on each call, which keeps the output deterministic.
import { ConverterType, create } from '@alexanderolsen/libsamplerate-js';
import type { SRC } from '@alexanderolsen/libsamplerate-js/dist/src';

const converters = new Map<string, Promise<SRC>>();

function converterFor(fromRate: number, toRate: number): Promise<SRC> {
  const key = `${fromRate}>${toRate}`;
  let converter = converters.get(key);
  if (converter === undefined) {
    converter = create(1, fromRate, toRate, { converterType: ConverterType.SRC_SINC_FASTEST });
    converters.set(key, converter);
    converter.catch(() => converters.delete(key));
  }
  return converter;
}

/** 16-bit samples at `fromRate` → 16-bit samples at `toRate`, multiplied by `gain` and clipped. */
export async function resampleWithGain(samples: Int16Array, fromRate: number, toRate: number, gain: number): Promise<Int16Array> {
  const input = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) input[i] = (samples[i] ?? 0) / 32768;
  const output = fromRate === toRate ? input : (await converterFor(fromRate, toRate)).simple(input);
  const out = new Int16Array(output.length);
  for (let i = 0; i < output.length; i++) {
    out[i] = Math.max(-32768, Math.min(32767, Math.round((output[i] ?? 0) * 32768 * gain)));
  }
  return out;
}
