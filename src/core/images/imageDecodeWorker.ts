// The image worker's entry (a bundle of its own, dist/lazy/imageDecodeWorker.js): each message is one image to
// decode (imageDecoding.ts), each answer its outcome, in order. It runs in a worker thread that imageDecoder.ts
// starts with limits on its heap and terminates past its deadline, so nothing here can hold up the extension host.
import { parentPort } from 'node:worker_threads';
import { decodeForModel, type DecodeRequest } from './imageDecoding';

const port = parentPort;
if (port !== null) port.on('message', (request: DecodeRequest) => void decodeForModel(request).then((outcome) => port.postMessage(outcome)));
