// Delegates generation to an OpenAI-compatible server (--upstream), still wrapped in this service's auth, errors,
// token rule and stream shape. Upstream failures before the first byte become the spec's 503/500 rows.
import { request } from 'undici';
import { createParser } from 'eventsource-parser';
import * as z from 'zod';
import { CHAT_ERRORS } from './chatErrors';
import { countTokens } from './tokenCount';
import type { ChatAnswer, FinishReason } from './chatAnswer';
import type { ChatError } from './chatErrors';
import type { AnswerFrame } from './localAnswer';
import type { SensitiveWords } from './sensitiveWords';

export interface UpstreamConfig {
  readonly baseUrl: string;
  /** Model name sent upstream; absent = the requested model code. */
  readonly model: string | undefined;
  /** Bearer key for the upstream server (MAAS_UPSTREAM_KEY); never logged. */
  readonly apiKey: string | undefined;
}

export interface UpstreamMessage {
  readonly role: string;
  readonly content: string;
}

const deltaSchema = z.object({ choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).partial().nullish() })).optional() });

export type UpstreamResult = { readonly ok: true; readonly answer: ChatAnswer } | { readonly ok: false; readonly error: ChatError };

export async function upstreamAnswer(
  config: UpstreamConfig,
  frame: AnswerFrame,
  messages: readonly UpstreamMessage[],
  params: { temperature?: number; top_p?: number; maxTokens: number },
  sensitive: SensitiveWords,
): Promise<UpstreamResult> {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Awaited<ReturnType<typeof request>>;
  try {
    response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({
        model: config.model ?? frame.model,
        messages,
        stream: true,
        max_tokens: params.maxTokens,
        temperature: params.temperature,
        top_p: params.top_p,
      }),
      headersTimeout: 60_000,
      bodyTimeout: 120_000,
    });
  } catch {
    return { ok: false, error: CHAT_ERRORS.upstreamMissing };
  }
  if (response.statusCode !== 200) {
    await response.body.dump();
    const status = response.statusCode;
    return {
      ok: false,
      error:
        status === 401
          ? CHAT_ERRORS.upstreamAuth
          : status === 403
            ? CHAT_ERRORS.upstreamForbidden
            : status === 404
              ? CHAT_ERRORS.upstreamMissing
              : CHAT_ERRORS.system,
    };
  }
  let finish: FinishReason = 'stop';
  let completion = 0;
  let text = '';
  const body = response.body;
  async function* pieces(): AsyncGenerator<string> {
    const queue: string[] = [];
    const parser = createParser({
      onEvent: (event) => {
        if (event.data === '[DONE]') return;
        try {
          const parsed = deltaSchema.safeParse(JSON.parse(event.data));
          const content = parsed.success ? parsed.data.choices?.[0]?.delta?.content : undefined;
          if (content) queue.push(content);
        } catch {
          // An unparsable upstream event carries nothing we can forward.
        }
      },
    });
    const decoder = new TextDecoder();
    try {
      for await (const part of body) {
        parser.feed(decoder.decode(part as Buffer, { stream: true }));
        while (queue.length > 0) {
          const content = queue.shift() ?? '';
          if (sensitive.contains(text + content)) {
            finish = 'content_filter';
            return;
          }
          if (completion >= params.maxTokens) {
            finish = 'length';
            return;
          }
          text += content;
          completion += countTokens(content);
          yield content;
        }
      }
    } finally {
      body.destroy();
    }
  }
  return { ok: true, answer: { ...frame, pieces: pieces(), finishReason: () => finish, completionTokens: () => completion } };
}
