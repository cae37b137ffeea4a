// GET/POST tts: synthesis in the request path at interactive priority. Audio answers carry the bytes with
// Content-Type audio/wav or audio/mpeg; with enable_ts the answer is JSON with base64 audio and sentence timestamps
// (unless the [choice] switch `timestamps` is 'none': then the plain audio, as without enable_ts).
import type { ServerResponse } from 'node:http';
import { Mp3Encoder } from './mp3Encoder';
import { sendSpeechJson } from './speechError';
import { synthesize } from './synthesizer';
import { WavMemorySink } from './wavEncoding';
import { parseTtsParams } from './ttsParams';
import { requireCredentials } from './speechDeps';
import type { RequestFields } from './requestFields';
import type { SpeechDeps } from './speechDeps';
import type { SynthesisRun, SynthesisResult } from './synthesizer';
import type { TtsParams } from './ttsParams';

const CONTENT_TYPES = { wav: 'audio/wav', mp3: 'audio/mpeg' } as const;

export async function handleTts(deps: SpeechDeps, fields: RequestFields, requestId: string, res: ServerResponse): Promise<void> {
  requireCredentials(fields, deps.context);
  const params = parseTtsParams(fields, deps.options.maxRealtimeChars);
  const clientGone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) clientGone.abort(new Error('the client closed the connection'));
  });
  const signal = AbortSignal.any([deps.shutdown, clientGone.signal]);
  const started = Date.now();
  const { audio, result } = await synthesizeToBytes(
    params,
    { slots: deps.slots, priority: 'interactive', signal, espeakCommand: deps.options.espeakCommand },
    deps.options.lameCommand,
  );
  deps.context.log(`speech: tts ${requestId} ${[...params.text].length} characters -> ${params.format} ${audio.length} bytes in ${Date.now() - started} ms`);
  if (params.enableTs && deps.options.timestamps === 'json') {
    sendSpeechJson(res, 200, {
      request_id: requestId,
      code: deps.options.successCode,
      message: 'success',
      format: params.format,
      sample_rate: params.sampleRate,
      audio: audio.toString('base64'),
      timestamps: result.timestamps,
    });
    return;
  }
  res.writeHead(200, { 'Content-Type': CONTENT_TYPES[params.format], 'Content-Length': audio.length });
  res.end(audio);
}

async function synthesizeToBytes(params: TtsParams, run: SynthesisRun, lameCommand: string): Promise<{ audio: Buffer; result: SynthesisResult }> {
  if (params.format === 'wav') {
    const sink = new WavMemorySink();
    const result = await synthesize(params, sink, run);
    return { audio: sink.toWav(params.sampleRate), result };
  }
  const encoder = Mp3Encoder.start(lameCommand, params.sampleRate);
  try {
    const result = await synthesize(params, encoder, run);
    return { audio: await encoder.finish(), result };
  } finally {
    encoder.abort();
  }
}
