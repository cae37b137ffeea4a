// The local service (the test double of the real service, not the service itself) streaming to one client: a
// 20,000-chunk answer (/_local/next-answer) read as fast as a raw reader can, in chunks per second, the median of
// three runs. It says how fast the tests and benchmarks that stream from the double can go, nothing about the real
// service.
import { request } from 'undici';
import { startLocalService } from '../service/src/localService';
import { atLeast, figure, sized, type BenchResult } from './benchResult';

const CHUNKS = sized(20_000, 200);
const RUNS = sized(3, 1);
const KEY = 'sk-bench-default';

async function consumeOnce(baseUrl: string): Promise<number> {
  await request(`${baseUrl}/_local/next-answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chunks: CHUNKS, chunkText: '字' }),
  }).then((r) => r.body.dump());
  const started = process.hrtime.bigint();
  const response = await request(`${baseUrl}/maas/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'svc_llm', stream: true, messages: [{ role: 'user', content: 'bench' }] }),
  });
  let events = 0;
  let tail = '';
  for await (const part of response.body) {
    const text = tail + (part as Buffer).toString('latin1');
    let at = text.indexOf('\n\n');
    let last = 0;
    while (at >= 0) {
      events++;
      last = at + 2;
      at = text.indexOf('\n\n', last);
    }
    tail = text.slice(last);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // Content chunks only: the role chunk, the finish chunk and [DONE] are not part of the 20,000.
  if (events !== CHUNKS + 3) throw new Error(`expected ${CHUNKS + 3} events, got ${events}`);
  return CHUNKS / seconds;
}

export default async function serviceBench(): Promise<BenchResult[]> {
  const service = await startLocalService({ quiet: true, paceMs: 0, seed: { defaultKey: KEY } });
  try {
    await consumeOnce(service.baseUrl); // warm-up: JIT and sockets
    const rates: number[] = [];
    for (let i = 0; i < RUNS; i++) rates.push(await consumeOnce(service.baseUrl));
    rates.sort((a, b) => a - b);
    return [
      figure(
        `local service double (not the real service): streaming to one client, ${CHUNKS} chunks (median of ${RUNS})`,
        rates[Math.floor(RUNS / 2)] ?? 0,
        'chunks/s',
        atLeast(
          20_000,
          'The tests and the client benchmark stream answers of up to 20,000 chunks from the double: at this rate such an answer is sent within a second, which keeps their runs short.',
        ),
      ),
    ];
  } finally {
    await service.stop();
  }
}
